"""Each game's golden playthrough is unchanged: a whole seeded match, every action and every
public view (see ``tests/engine/golden/__init__.py``). After a change meant to alter play or
the public views, regenerate them with ``.venv/bin/python -m tests.engine.golden --write``
and read the diff."""

from __future__ import annotations

import pytest

from engine import GAME_NAMES

from .golden import path_of, playthrough


@pytest.mark.parametrize("name", GAME_NAMES)
def test_golden_playthrough(name: str) -> None:
    expected = path_of(name).read_text(encoding="utf-8")
    actual = playthrough(name)
    assert actual == expected, (f"{name}: the match differs from {path_of(name)}; if meant, "
                                "run `python -m tests.engine.golden --write` and read the diff")
