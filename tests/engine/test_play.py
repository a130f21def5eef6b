"""`python -m engine.play GAME`: a whole match in the terminal, every deal's result reported."""

from __future__ import annotations

import pytest

from engine import GAME_NAMES
from engine.play import main


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_terminal_match_reports_every_deal(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([name, "--seed", "3"], read=lambda prompt: "1") == 0
    out = capsys.readouterr().out
    assert "Deal 1 over:" in out and "Match over" in out
