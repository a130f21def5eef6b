"""The generic fallback view (for a game in development) makes any engine game playable in the
bot: each game is played here through it, every move reached by pressing its picker steps or
toggling its cards, as a player would."""

from __future__ import annotations

import pytest

import bot.publishing.publisher
from bot import callbacks
from bot.views import generic, view_for
from engine import GAME_NAMES, find_game
from storage import Store, TableKey

from .fake import GROUP, Harness

ARAM = 101


def _presses(hand) -> list[callbacks.Press]:  # type: ignore[no-untyped-def]
    return [callbacks.decode(b["callback_data"]) for b in hand.buttons() if "callback_data" in b]


async def _make(h: Harness, code: str) -> None:
    """Press the way to ``code``: picker steps that lead to it, or its cards then confirm."""
    for _ in range(10):
        presses = _presses(h.hand(ARAM))
        data = {(p.kind, p.arg): p for p in presses}
        if ("a", code) in data:
            press = data["a", code]
        elif steps := [p for p in presses if p.kind == "p" and p.arg and code.startswith(p.arg + ":")]:
            press = max(steps, key=lambda p: len(p.arg))
        else:
            kind, _, cards = code.rpartition(":")
            chosen = {p.arg[1:] for p in presses if p.kind == "t" and p.arg.startswith("-")}
            todo = [c for c in cards.split(",") if c not in chosen]
            press = data["t", "+" + todo[0]] if todo else data["c", kind]
        data_text = callbacks.encode(press.kind, press.table_id, press.move, press.arg)
        answer = await h.press(ARAM, h.hand(ARAM), data_text)
        assert not answer.get("show_alert"), answer
        if press.kind in "ac":
            return
    raise AssertionError(f"{code} not reached")


# 56 at 8 seats is four teams of two: once the human's team is out, the others play on to the
# end of the match with no press to test, over 10 minutes at 12 tables a team; at 6 (🪙) the
# human's moves are the same steps and the match ends within seconds
SHORT = {"fifty_six": ("🪙",)}


@pytest.mark.slow
@pytest.mark.parametrize("game", GAME_NAMES)
async def test_every_game_is_playable_through_the_generic_view(
        store: Store, game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot.publishing.publisher, "view_for", lambda name: generic.VIEW)
    async with Harness(store) as h:
        engine = find_game(game)
        await h.open_table(game, [ARAM], max(engine.sizes) - 1, options=SHORT.get(game, ()))
        moves = 0
        for _ in range(40):
            table = await store.tables.get(TableKey(chat_id=GROUP))
            if table is None:
                break  # finished
            state = h.runtime.tables.kernel.state_of(table)
            seat = next(i for i, s in enumerate(table.seats) if s.user_id == ARAM)
            legal = engine.legal_actions(state, seat)
            assert legal, f"{game}: the human must have a legal action when the table waits"
            await _make(h, str(legal[-1]))
            moves += 1
            after = await store.tables.by_id(table.id or 0)
            assert after is not None and len(after.log) > len(table.log)
        assert moves > 0


def test_the_generic_hand_says_your_turn_on_a_line_of_its_own_with_a_capital() -> None:
    """«Ձեր հերթն է» standing alone (shared/texts-review.md); the games' own hands write it
    after «·» in their first line, in small letters."""
    game = find_game("king")
    state = game.new_match(4, 1)
    (seat,) = game.to_act(state)
    ctx = generic.Context("hy", 1, 0, ("Ա", "Բ", "Գ", "Դ"), "king")
    screen = generic.VIEW.hand(game.observation(state, seat), game.legal_actions(state, seat), ctx)
    assert "Ձեր հերթն է" in screen.read.split("\n")
    mid = view_for("king").hand(game.observation(state, seat), game.legal_actions(state, seat), ctx)
    assert mid.read.split("\n")[0].endswith(" · ձեր հերթն է")
