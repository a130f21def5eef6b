"""engine/ imports only the standard library; only bot/ imports telegram; only storage/ speaks SQL."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

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


# ----- the rooms of bot/ (issue 37): what each may reach, through any import


def _reach(graph: dict[str, dict[str, int]], start: list[str]) -> set[str]:
    """Every module ``start``'s modules import, directly or through others."""
    seen: set[str] = set()
    todo = list(start)
    while todo:
        for other in graph.get(todo.pop(), {}):
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return seen


def _bot_graph() -> dict[str, dict[str, int]]:
    from tests.test_imports import module_graph
    return module_graph("bot")


def test_the_telegram_handlers_import_no_engine() -> None:
    """Handlers parse an update and call a use case: the game's rules are the use cases'."""
    for path in (ROOT / "bot" / "tg").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                assert node.module.split(".")[0] != "engine", path
            elif isinstance(node, ast.Import):
                assert all(a.name.split(".")[0] != "engine" for a in node.names), path


def test_the_page_reaches_neither_the_telegram_app_nor_the_entry_point() -> None:
    graph = _bot_graph()
    web = [m for m in graph if m.startswith("bot.web")]
    assert web and not {"bot.tg.app", "bot.__main__", "bot.dev.trial"} & _reach(graph, web)


def test_the_table_use_cases_and_the_scores_they_write_reach_no_view() -> None:
    graph = _bot_graph()
    cases = [m for m in graph if m.startswith("bot.play")] + ["bot.social.results"]
    views = {m for m in _reach(graph, cases) if m.startswith("bot.views")}
    assert not views, views


@pytest.mark.parametrize("package", ["bot", "storage"])
def test_no_room_holds_more_than_a_newcomer_can_read(package: str) -> None:
    """A module over 400 lines holds more than one thing: split it along its seams."""
    long = {str(p.relative_to(ROOT)): n for p in (ROOT / package).rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 400}
    assert not long, long
