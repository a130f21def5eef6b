"""One screen, two renderings (issue 37): the page's JSON for a table is the very data its
Telegram message is rendered from. For every game and size, at positions of every phase of a
seeded match, the board and the hand of each viewer rebuilt from the page's JSON are the views'
own screens, and render the same Telegram text and keyboard."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.callbacks import Kind
from bot.views import Context, view_for
from bot.views.screen import Button, Line, Screen
from bot.web import scene
from engine import find_game
from storage import SeatRecord, TableKey, TableRecord

SIZES = [(name, size) for name in ("hearts", "king", "bazar_blot", "thirteen", "fifty_six")
         for size in find_game(name).sizes]
POSITIONS = 12  # of a match, spread over it from its start to its end
LANGS = ("hy", "en", "ru")


def from_data(data: dict[str, Any]) -> Screen:
    """A screen read back from the page's JSON."""
    lines = tuple(Line(**{**line, "cards": tuple(line["cards"])}) for line in data["lines"])
    rows = tuple(tuple(Button(**{**b, "kind": Kind(b["kind"]) if b["kind"] else None})
                       for b in row) for row in data["buttons"])
    return Screen(lines, rows)


def positions(name: str, size: int) -> list[tuple[Any, list[tuple[int, str]]]]:
    """States of a seeded random match (every phase it passes through) and their logs."""
    game = find_game(name)
    rng, state, log = random.Random(size), game.new_match(size, 11), []
    states = [(state, [])]
    while not game.is_over(state) and len(log) < 5000:
        seat = min(game.to_act(state))
        legal = game.legal_actions(state, seat)
        action = legal[rng.randrange(len(legal))]
        state = game.apply(state, seat, action)
        log.append((seat, str(action)))
        states.append((state, list(log)))
    step = max(1, len(states) // POSITIONS)
    return states[::step] + [states[-1]]


@pytest.mark.parametrize(("name", "size"), SIZES)
def test_the_pages_json_is_the_data_the_telegram_message_is_rendered_from(name: str,
                                                                          size: int) -> None:
    game, view = find_game(name), view_for(name)
    seats = [SeatRecord(user_id=100 + i, name=f"P{i}") for i in range(size)]
    phases = set()
    for index, (state, log) in enumerate(positions(name, size)):
        over = game.is_over(state)
        table = TableRecord(id=1, key=TableKey(chat_id=-1), game=name, players=size, seats=seats,
                            seed=11, log=log, status="finished" if over else "playing")
        public = game.public_observation(state)
        phases.add(public.phase)
        for seat in [None, *range(size)]:
            ctx = Context(LANGS[index % 3], 1, len(log), tuple(s.name for s in seats), name)
            data = scene.build(table, state, seat, ctx)
            board = view.finished_table(public, ctx) if over else view.table(public, ctx)
            assert from_data(data["board"]) == board
            assert from_data(data["board"]).text == board.text
            if seat is None or over:
                assert data["hand"] is None
                continue
            hand = view.hand(game.observation(state, seat), game.legal_actions(state, seat), ctx)
            assert from_data(data["hand"]) == hand and from_data(data["hand"]).text == hand.text
            assert [c["code"] for c in data["cards"]] == [
                str(c) for c in game.observation(state, seat).hand]
    assert "over" in phases and len(phases) >= 2, phases
