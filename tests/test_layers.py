"""engine/ imports only the standard library; only bot/ imports telegram; only storage/ speaks SQL."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _imports(package: str) -> set[str]:
    found: set[str] = set()
    for path in (ROOT / package).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module.split(".")[0])
    return found


def test_engine_imports_only_the_standard_library() -> None:
    outside = {m for m in _imports("engine") if m not in sys.stdlib_module_names and m != "engine"}
    assert not outside, f"engine/ imports {sorted(outside)}"


def test_only_bot_imports_telegram() -> None:
    for package in ("engine", "storage"):
        assert "telegram" not in _imports(package), package


def test_only_storage_speaks_sql() -> None:
    for package in ("engine", "bot"):
        assert not {"sqlite3", "aiosqlite"} & _imports(package), package
