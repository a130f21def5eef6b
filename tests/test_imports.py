"""No import circles inside a package: its modules import one another one way only.

Every import counts, the ones under ``if TYPE_CHECKING:`` and inside functions too: a circle that
only type checking or a late import keeps from failing still means neither module can be read,
moved or tested without the other. The implicit import of a module's own package (its
``__init__``, run first) is not counted: only what a module names.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

Graph = dict[str, dict[str, int]]  # module -> {module of the package it imports: line}


def module_graph(package: str, root: Path = ROOT) -> Graph:
    """The imports among the modules of ``package`` (a folder under ``root``), by dotted name."""
    paths = {_dotted(path.relative_to(root)): path for path in (root / package).rglob("*.py")}
    graph: Graph = {}
    for name, path in paths.items():
        home = name if path.name == "__init__.py" else name.rpartition(".")[0]
        edges = graph.setdefault(name, {})
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for other in _imported(node, home, paths):
                    edges.setdefault(other, node.lineno)
    return graph


def circles(graph: Graph) -> list[list[str]]:
    """Each set of modules that import one another round in a circle (a module importing
    itself too), sorted: Tarjan's strongly connected components."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in graph.get(module, {}):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            part = []
            while not part or part[-1] != module:
                part.append(stack.pop())
            if len(part) > 1 or module in graph.get(module, {}):
                found.append(sorted(part))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return sorted(found)


def _dotted(relative: Path) -> str:
    parts = list(relative.with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported(node: ast.Import | ast.ImportFrom, home: str, paths: dict[str, Path]) -> set[str]:
    """The package's modules an import statement names: ``from a import b`` names a.b if that
    is a module, else a (``home``: the package that relative imports start from)."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        base = node.module or ""
        if node.level:
            parts = home.split(".")
            up = ".".join(parts[: len(parts) - node.level + 1])
            base = f"{up}.{base}" if base else up
        names = [f"{base}.{a.name}" if f"{base}.{a.name}" in paths else base for a in node.names]
    return {found for found in map(lambda name: _module(name, paths), names) if found}


def _module(name: str, paths: dict[str, Path]) -> str | None:
    """The longest known module that ``name`` is or lies in."""
    while name and name not in paths:
        name = name.rpartition(".")[0]
    return name or None


@pytest.mark.parametrize("package", ["engine", "storage", "bot"])
def test_no_import_circles(package: str) -> None:
    graph = module_graph(package)
    assert any(graph.values()), f"no imports found among {package}'s modules"
    lines = [
        f"{module} -> {other} ({module.replace('.', '/')}, line {graph[module][other]})"
        for circle in circles(graph)
        for module in circle
        for other in sorted(graph[module])
        if other in circle
    ]
    assert not lines, "import circles:\n" + "\n".join(lines)


def test_circles_count_type_checking_and_function_imports(tmp_path: Path) -> None:
    (tmp_path / "pkg" / "sub").mkdir(parents=True)
    files = {
        "pkg/__init__.py": "from .a import A\n",
        "pkg/a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import B\nA = 1\n",
        "pkg/b.py": "from . import a\nB = 2\n",
        "pkg/sub/__init__.py": "",
        "pkg/sub/c.py": "def late():\n    from ..sub import d\n",
        "pkg/sub/d.py": "import pkg.sub.c\n",
        "pkg/e.py": "from pkg import A, b\nimport pkg.sub.d\n",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    graph = module_graph("pkg", tmp_path)
    assert graph["pkg.e"] == {"pkg": 1, "pkg.b": 1, "pkg.sub.d": 2}
    assert circles(graph) == [["pkg.a", "pkg.b"], ["pkg.sub.c", "pkg.sub.d"]]
