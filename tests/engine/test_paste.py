"""A deal in one paste (``engine/paste.py``): every deal of every game cut from a match, written,
read back and replayed alone to its result; the rules that start a match at a later deal; the
terminal's ``--load``."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path
from typing import Any

import pytest

from engine import find_game
from engine.core import IllegalAction
from engine.fair import match_seed
from engine.paste import Paste, cut, dumps, loads, replay
from engine.play import main

from .test_invariants import CASES

SHORT = {"hearts": {"target": 50}, "fifty_six": {"tables": 4}, "thirteen": {"match_games": 3}}


def _match(name: str, players: int, seed: int) -> tuple[Any, list[tuple[int, str]]]:
    """A whole match by seeded random play: its last state and its log."""
    game, rng = find_game(name), random.Random(seed)
    state, log = game.new_match(players, seed, **SHORT.get(name, {})), []
    while not game.is_over(state):
        seat = min(game.to_act(state))
        action = rng.choice(list(game.legal_actions(state, seat)))
        state = game.apply(state, seat, action)
        log.append((seat, str(action)))
    return state, log


@pytest.mark.parametrize(("name", "players"), CASES)
@pytest.mark.parametrize("seed", [3, pytest.param(match_seed(bytes(16), ["paste"]), id="fair")])
def test_every_deal_of_a_match_pastes_and_replays_alone(name: str, players: int, seed: int) -> None:
    game = find_game(name)
    final, log = _match(name, players, seed)
    history = game.public_observation(final).history
    names = [f"Սեղան {s}" for s in range(players)]
    for record in history:
        paste = cut(name, players, seed, log, record.number, names=names, **SHORT.get(name, {}))
        assert loads(dumps(paste)) == paste
        assert paste.result == record.results and paste.seats == tuple(names)
        alone = replay(loads(dumps(paste)))
        assert game.public_observation(alone).history[0].results == record.results


def test_a_paste_reads_as_written() -> None:
    text = (
        "seghan deal 1\n"
        "game bazar_blot 4\n"
        "# a comment\n"
        "deal 2\n"
        "rules first_dealer=3 target=151\n"
        'seats ["Ani", "Bob", "Carl", "Dee"]\n'
        "before 16 0\n"
        "hands 7C 8C 9C TC JC QC KC AC / 7D 8D 9D TD JD QD KD AD / "
        "7H 8H 9H TH JH QH KH AH / 7S 8S 9S TS JS QS KS AS\n"
        "log 0:bid:8:C 1:pass\n"
        "result -\n")
    assert loads(text) == Paste(
        "bazar_blot", 4, 2, {"first_dealer": 3, "target": 151}, ("Ani", "Bob", "Carl", "Dee"),
        (16, 0), tuple(tuple(f"{rank}{suit}" for rank in "789TJQKA") for suit in "CDHS"),
        ((0, "bid:8:C"), (1, "pass")), None)


@pytest.mark.parametrize(("change", "error"), [
    (lambda t: t.replace("seghan deal 1", "seghan deal 9"), "begins with"),
    (lambda t: t.replace("before", "# before"), "needs: before"),
    (lambda t: t.replace("log ", "log 0-play "), "seat:code"),
    (lambda t: t.replace("deal 3", "deal 3\nwind east"), "no field 'wind'"),
])
def test_a_broken_paste_is_refused_naming_why(change: Any, error: str) -> None:
    with pytest.raises(ValueError, match=error):
        loads(change(_king_text()))


def test_an_edited_deal_does_not_replay() -> None:
    text = _king_text()
    paste = loads(text)
    wrong = [*paste.log]
    wrong[-1] = (wrong[-1][0], "play:2C" if wrong[-1][1] != "play:2C" else "play:3C")
    with pytest.raises(IllegalAction, match="log entry"):
        replay(Paste(**{**_fields(paste), "log": tuple(wrong)}))
    with pytest.raises(ValueError, match="ends with"):
        replay(Paste(**{**_fields(paste), "result": (1, 2, 3, 4)}))


def test_hearts_starts_at_a_later_deal_with_its_pass_and_dealer() -> None:
    """A match started at deal k with deal k's dealer deals what the match dealt there, and
    passes as deal k does (right at 2, across at 3, none at 4)."""
    game = find_game("hearts")
    state = game.new_match(4, 21)
    seen = []
    while len(seen) < 4:
        public = game.public_observation(state)
        if public.deal > len(seen):
            seen.append((public.dealer, public.pass_direction, game.observation(state, 0).hand))
        seat = min(game.to_act(state))
        state = game.apply(state, seat, game.legal_actions(state, seat)[0])
    for k, (dealer, direction, hand) in enumerate(seen, 1):
        alone = game.new_match(4, 21, first_deal=k, first_dealer=dealer)
        public = game.public_observation(alone)
        assert (public.deal, public.dealer, public.pass_direction) == (k, dealer, direction)
        assert game.observation(alone, 0).hand == hand
    assert [d for _, d, _ in seen] == ["left", "right", "across", "none"]
    with pytest.raises(ValueError):
        game.new_match(4, 21, first_deal=0)
    with pytest.raises(ValueError):
        game.new_match(4, 21, first_dealer=4)


def test_a_later_thirteen_game_is_led_freely_by_its_leader() -> None:
    game = find_game("thirteen")
    hands = ["3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS 2S", "3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2C"]
    first = game.new_match(2, 0, deal=hands)
    later = game.new_match(2, 0, deal=hands, leader=1, first_dealer=0)
    assert game.to_act(first) == {0} and "play:5S" not in map(str, game.legal_actions(first, 0))
    assert game.to_act(later) == {1} and "play:5C" in map(str, game.legal_actions(later, 1))
    with pytest.raises(ValueError):
        game.new_match(2, 0, leader=2)


def test_56_starts_with_the_tables_a_later_deal_had() -> None:
    game = find_game("fifty_six")
    state = game.new_match(6, 4, team_tables="5,0,7", first_dealer=2)
    public = game.public_observation(state)
    assert public.active == (0, 2, 3, 5) and public.dealer == 2
    assert public.standings.values == (5, 0, 7)
    assert game.observation(state, 1).hand == () and len(game.observation(state, 0).hand) == 12
    for bad in ("5,7", "5,0,0", "5,-1,7"):
        with pytest.raises(ValueError):
            game.new_match(6, 4, team_tables=bad)
    with pytest.raises(ValueError, match="still in"):
        game.new_match(6, 4, team_tables="5,0,7", first_dealer=4)
    dealers = {game.public_observation(game.new_match(6, seed, team_tables="5,0,7")).dealer
               for seed in range(40)}
    assert dealers == {0, 2, 3, 5}  # drawn among the seats still in


def test_the_terminal_replays_a_paste_from_a_file_text_or_stdin(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    text = _king_text()
    path = tmp_path / "deal.txt"
    path.write_text(text, encoding="utf-8")
    paste = loads(text)
    for source in (str(path), text):
        assert main(["--load", source]) == 0
        out = capsys.readouterr().out
        assert f"deal {paste.number}" in out and f"over: {paste.result}" in out
        assert out.count(": play:") == len(paste.log)
    edited = re.sub(r"^result .*$", "result 1 2 3 4", text, flags=re.M)
    monkeypatch.setattr("sys.stdin", io.StringIO(edited))
    assert main(["--load", "-"]) == 1
    assert "cannot replay" in capsys.readouterr().err


def _king_text() -> str:
    _, log = _match("king", 4, 5)
    return dumps(cut("king", 4, 5, log, 3))


def _fields(paste: Paste) -> dict[str, Any]:
    return {name: getattr(paste, name) for name in Paste.__slots__}
