"""The page's felt data and turn notes (issue 39), from the engine's views: a dimmed card's
reason is the engine's refusal in the viewer's language; the turn timer's move is named to its
seat only once the timer played it; 56's bids sit at their seats during the auction, the teams
and the dealer come from the public view; a Hearts player's received cards are marked until the
first trick; the deal just finished is the engine's record, worded as the group's post; the
coach's 💡 is on the page's hand where the table offers it."""

from __future__ import annotations

import random
from typing import Any

from bot import i18n
from bot.views import Context, view_for
from bot.web import scene
from engine import find_game
from storage import SeatRecord, TableKey, TableRecord


def play(name: str, size: int, until: Any, seed: int = 3) -> tuple[Any, list[tuple[int, str]]]:
    """A seeded random match of ``name`` played until ``until(public)`` holds."""
    game, rng = find_game(name), random.Random(seed)
    state, log = game.new_match(size, 11), []
    while not until(game.public_observation(state)):
        seat = min(game.to_act(state))
        legal = game.legal_actions(state, seat)
        action = legal[rng.randrange(len(legal))]
        state = game.apply(state, seat, action)
        log.append((seat, str(action)))
    return state, log


def built(name: str, size: int, state: Any, log: list[tuple[int, str]], seat: int | None,
          lang: str = "en", missed: int = 0, coach: bool = False) -> dict[str, Any]:
    seats = [SeatRecord(user_id=100 + i, name=f"P{i}", missed_turns=missed) for i in range(size)]
    table = TableRecord(id=1, key=TableKey(chat_id=-1), game=name, players=size, seats=seats,
                        seed=11, log=log, status="playing", rules={"coach": coach})
    ctx = Context(lang, 1, len(log), tuple(s.name for s in seats), name)
    return scene.build(table, state, seat, ctx)


def test_a_dimmed_card_says_why_in_the_viewers_language() -> None:
    state, log = play("hearts", 4, lambda p: p.phase == "play" and len(p.trick) == 1)
    seat = min(find_game("hearts").to_act(state))
    for lang in ("hy", "en", "ru"):
        data = built("hearts", 4, state, log, seat, lang)
        dimmed = [c for c in data["cards"] if c["state"] == "dim"]
        assert all(c["data"] == "" for c in dimmed)  # nothing a tap could send
        reasons = {c["why"] for c in dimmed}
        allowed = {i18n.t(lang, i18n.illegal_key("hearts", key))
                   for key in ("must-follow-suit", "no-points-first-trick")}
        assert dimmed and reasons <= allowed, reasons
    other = (seat + 1) % 4  # not their turn: every card says so
    data = built("hearts", 4, state, log, other)
    assert {c["why"] for c in data["cards"]} == {i18n.t("en", "illegal-not-your-turn")}


def test_the_timers_move_is_named_once_it_is_made() -> None:
    state, log = play("hearts", 4, lambda p: p.phase == "play" and len(p.trick) == 2)
    last_seat, code = log[-1]
    data = built("hearts", 4, state, log, last_seat, missed=1)
    assert data["timed"] == {"move": len(log) - 1,
                             "text": view_for("hearts").action_text(
                                 find_game("hearts").parse_action(code), Context("en", 1, 0, ()))}
    assert built("hearts", 4, state, log, last_seat)["timed"] is None  # they played it themselves
    to_act = min(find_game("hearts").to_act(state))
    assert built("hearts", 4, state, log, to_act, missed=1)["timed"] is None  # still theirs


def test_the_auctions_bids_sit_at_their_seats_with_the_teams_and_the_dealer() -> None:
    state, log = play("fifty_six", 6, lambda p: len(p.calls) >= 3 and p.contract is None)
    public = find_game("fifty_six").public_observation(state)
    felt = built("fifty_six", 6, state, log, None)["felt"]
    assert set(felt["bids"]) == {str(seat) for seat, _ in public.calls}
    assert felt["teams"] == [public.team_of(s) for s in range(6)]
    assert felt["dealer"] == public.dealer and felt["lower"] is False and felt["out"] == []


def test_hearts_received_cards_and_the_finished_deal() -> None:
    state, log = play("hearts", 4, lambda p: p.phase == "play" and not p.tricks)
    seat = 0
    obs = find_game("hearts").observation(state, seat)
    felt = built("hearts", 4, state, log, seat)["felt"]
    assert felt["received"] == [str(c) for c in obs.received] and felt["lower"] is True
    assert built("hearts", 4, state, log, None)["felt"]["received"] == []  # a spectator: none
    state, log = play("hearts", 4, lambda p: bool(p.history))
    public = find_game("hearts").public_observation(state)
    result = built("hearts", 4, state, log, None)["felt"]["result"]
    record = public.history[-1]
    assert result["deal"] == 1 and result["results"] == list(record.results)
    assert result["last"]["winner"] == record.last_trick.winner
    assert len(result["last"]["cards"]) == 4


def test_the_coachs_hint_is_on_the_pages_hand_where_the_table_offers_it() -> None:
    state, log = play("hearts", 4, lambda p: p.phase == "play" and len(p.trick) == 1)
    seat = min(find_game("hearts").to_act(state))
    kinds = {b["kind"] for row in built("hearts", 4, state, log, seat, coach=True)["hand"]["buttons"]
             for b in row}
    assert "i" in kinds and "i" in scene.PAGE_KINDS  # 💡, pressed on the page
    plain = built("hearts", 4, state, log, seat)["hand"]["buttons"]
    assert "i" not in {b["kind"] for row in plain for b in row}
