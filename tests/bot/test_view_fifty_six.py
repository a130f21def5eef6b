"""The 56 view: the group's table, the hand and its auction picker, the deal and match results, in
hy, en and ru, from fixed seeds and literal positions of shared/rules/56.md (E3, E7, E10, E11)."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest

from bot import callbacks, i18n
from bot.settings import LANGUAGES
from bot.views import Context, Screen, view_for
from bot.views.fifty_six import VIEW, FiftySixView
from bot.views.rules import rules_text
from engine import IllegalAction
from engine.cards import parse_card
from engine.fifty_six import GAME, NT, Bid, State, bid_forms
from tests.engine.test_fifty_six import act, fill, match, play_out

from .reach import NAMES

FACE = re.compile(r"(?<![0-9])(?:10|[2-9JQKA])[♠♥♦♣]")  # not the 8♥ of a bid of 28♥
BIG_ID = 4_294_967_295


def ctx(lang: str = "hy", players: int = 4, pick: str = "", move: int = 9_999) -> Context:
    names = tuple(f"🤖{i} {i18n.t(lang, 'level-hard')}" if i % 3 == 2 else NAMES[i]
                  for i in range(players))
    return Context(lang, BIG_ID, move, names, "fifty_six", (), pick)


def presses(screen: Screen) -> list[callbacks.Press]:
    return [callbacks.decode(b.data) for row in screen.rows for b in row if b.data]


def hand_of(state: State, seat: int, lang: str = "hy", pick: str = "") -> Screen:
    return VIEW.hand(GAME.observation(state, seat), GAME.legal_actions(state, seat),
                     ctx(lang, state.players, pick))


def table_of(state: State, lang: str = "hy") -> Screen:
    return VIEW.table(GAME.public_observation(state), ctx(lang, state.players))


def every_pick(state: State, seat: int, lang: str = "hy") -> list[Screen]:
    """The hand at every picker step its buttons lead to."""
    screens, seen, frontier = [], {""}, [""]
    while frontier:
        pick = frontier.pop()
        screen = hand_of(state, seat, lang, pick)
        screens.append(screen)
        for press in presses(screen):
            if press.kind == "p" and press.arg not in seen:
                seen.add(press.arg)
                frontier.append(press.arg)
    return screens


def assert_no_hidden_card(text: str, state: State) -> None:
    """A group screen shows a card at most as often as its copies outside the hands."""
    held = Counter(c for hand in GAME.hands(state) for c in hand)
    outside = Counter(GAME.deck_of(state)) - held
    shown = Counter(parse_card(face) for face in FACE.findall(text))
    over = [str(c) for c, n in shown.items() if n > outside[c]]
    assert not over, f"the group sees {over} still held"


def positions(players: int, seed: int, every: int = 3) -> Any:
    rng = random.Random(seed)
    s = GAME.new_match(players, seed, tables=3)
    steps = 0
    while not GAME.is_over(s):
        (seat,) = GAME.to_act(s)
        if steps % every == 0:
            yield s, seat
        legal = GAME.legal_actions(s, seat)
        s = GAME.apply(s, seat, legal[0] if s.phase == "auction" and rng.random() < 0.6
                       else rng.choice(legal))
        steps += 1
    yield s, 0


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("players", [4, 6, 8])
def test_screens_from_fixed_seeds_are_short_legal_and_hide_every_hand(lang: str,
                                                                     players: int) -> None:
    for count, (state, seat) in enumerate(positions(players, 11 + players)):
        table = table_of(state, lang)
        assert len(table.read) <= 900, table.read
        assert_no_hidden_card(table.read, state)
        public = GAME.public_observation(state)
        for t, team in enumerate(public.teams):
            assert all(ctx(lang, players).names[s] in table.read for s in team)
            if public.standings.values[t]:
                assert f"— {public.standings.values[t]} " in table.read
        if state.contract is not None and not GAME.is_over(state):
            contract_line = table.read.split("\n")[len(public.teams) + 2]
            assert str(state.contract.value) in contract_line
        for screen in every_pick(state, seat, lang) if count % 4 == 0 else [hand_of(state, seat, lang)]:
            assert len(screen.read) <= 1200, screen.read
            for row in screen.rows:
                assert len(row) <= 8
                for button in row:
                    assert button.text and len((button.data or "").encode()) <= 64
            for press in presses(screen):
                if press.kind == "a":  # every action button can be applied as it is
                    GAME.apply(state, seat, GAME.parse_action(press.arg))
        assert len(VIEW.hand_alert(GAME.observation(state, seat), ctx(lang, players))) <= 200


def test_the_view_is_found_by_the_games_name() -> None:
    assert isinstance(view_for("fifty_six"), FiftySixView)


# The auction -----------------------------------------------------------------------------------


def e3() -> State:
    return act(match(4, 0), "bid:28:D")


def test_first_step_has_pass_the_lowest_values_and_more() -> None:
    s = act(e3(), "bid:pass")  # E3: seat 3 to call, its own team holds the bid: no Double
    screen = hand_of(s, 3)
    args = [(p.kind, p.arg) for p in presses(screen)]
    assert ("a", "bid:pass") in args and ("a", "bid:double") not in args
    assert [a for k, a in args if k == "p"] == [f"v{v}" for v in range(29, 39)] + ["more"]
    more = [(p.kind, p.arg) for p in presses(hand_of(s, 3, pick="more"))]
    assert [a for k, a in more if k == "p"] == [f"v{v}" for v in range(39, 57)] + [""]
    assert "Անի 28♦ · 🤖2 Բարդ պաս" in table_of(s).read


def test_double_and_redouble_where_e3_allows_them() -> None:
    s = act(e3(), "bid:pass", "bid:30:D:plus-suit")
    assert ("a", "bid:double") in [(p.kind, p.arg) for p in presses(hand_of(s, 0))]
    s = act(s, "bid:double")
    codes = [p.arg for p in presses(hand_of(s, 1, "en"))]
    assert "bid:redouble" in codes and "bid:double" not in codes
    assert "Redouble ×4" in [b.text for row in hand_of(s, 1, "en").rows for b in row]
    line = next(x for x in table_of(s, "en").read.split("\n") if x.startswith("Auction"))
    assert line == "Auction: Անի 28♦ · 🤖2 Hard pass · Նարե Plus 2 ♦ (30♦) · Արամ doubles ×2"


def test_a_value_step_offers_every_form_that_fits_e7() -> None:
    s = e3()  # high bid 28♦ by seat 1; seat 2 to call
    at30 = {p.arg for p in presses(hand_of(s, 2, "en", "v30")) if p.kind == "a"}
    assert {"bid:30:D", "bid:30:D:suit-num", "bid:30:D:plus-suit", "bid:30:NT",
            "bid:30:NT:num-noes", "bid:30:NT:plus-2-noes"} <= at30
    labels = {b.text for row in hand_of(s, 2, "en", "v30").rows for b in row}
    assert {"30♦︎", "♦︎ 30", "Plus 2 ♦︎", "30 No trumps", "30 Noes", "Plus 2 Noes"} <= labels
    at29 = {p.arg for p in presses(hand_of(s, 2, "en", "v29")) if p.kind == "a"}
    assert "bid:29:NT:plus-2-noes" not in at29 and "bid:29:S:suit-num" in at29
    assert len(at29) == 4 * 3 + 2  # four suits in three forms, NT in two
    fresh = hand_of(match(4, 0), 1, "en", "v28")
    first = {p.arg for p in presses(fresh) if p.kind == "a"}
    assert not any("plus" in code for code in first) and len(first) == 4 * 2 + 2
    for code in at30 | at29 | first:
        bid = GAME.parse_action(code)
        assert isinstance(bid, Bid) and (bid.form or "num-suit") in (
            *bid_forms(bid.value, bid.denom, None if code in first else Bid(28, 1)), "num-suit")


def test_the_form_is_how_the_group_hears_the_bid() -> None:
    s = act(e3(), "bid:29:NT:num-noes", "bid:pass", "bid:31:NT:plus-2-noes", "bid:32:H:suit-num")
    line = next(x for x in table_of(s, "hy").read.split("\n") if x.startswith("Աճուրդ"))
    assert "29 Ոչեր" in line and "Պլյուս 2 Ոչեր (31 NT)" in line and "♥ 32" in line
    ru = table_of(s, "ru").read
    assert "29 Пусто" in ru and "Плюс 2 Пусто" in ru


def test_an_unknown_pick_falls_back_to_the_first_step() -> None:
    s = e3()
    first = hand_of(s, 2)
    for pick in ("v27", "v57", "vx", "nonsense", "more:1"):
        assert hand_of(s, 2, pick=pick).rows == first.rows


def test_after_56_only_calls_are_left() -> None:
    s = act(match(4, 0), "bid:56:S")
    args = {(p.kind, p.arg) for p in presses(hand_of(s, 2))}
    assert args == {("a", "bid:pass"), ("a", "bid:double")}


def test_a_stale_form_is_refused_with_its_own_alert() -> None:
    with pytest.raises(IllegalAction) as error:
        GAME.apply(match(4, 0), 1, Bid(30, NT, "plus-2-noes"))
    key = i18n.illegal_key("fifty_six", error.value.key)
    assert key == "fifty_six-illegal-bad-bid-form"


# Play -------------------------------------------------------------------------------------------


def test_two_copies_of_a_card_are_one_button_and_both_shown() -> None:
    s = act(match(4, 3, fill(4, {0: "JC JC 9C 9C AC AC TC TC KC KC QC QC"})), *["bid:pass"] * 4)
    screen = hand_of(s, 0, "en")
    codes = [p.arg for p in presses(screen)]
    assert codes == ["play:JC", "play:9C", "play:AC", "play:TC", "play:KC", "play:QC"]
    assert "♣ J J 9 9 A A 10 10 K K Q Q" in screen.read
    assert VIEW.hand_alert(GAME.observation(s, 0), ctx()) == "♣ J J 9 9 A A 10 10 K K Q Q"


def test_the_table_shows_contract_points_trick_and_last_trick() -> None:
    deal = ["AS KH 9H 9H TH TH JH AD TS TS QS KS",
            "JS TC TC QC QC KC KC 9D 9D TD TD JD",
            "JS QH JH QH KH AH AH AD 9S QS KS AS",
            "9S JC 9C 9C JC AC AC JD QD QD KD KD"]
    s = act(match(4, 0, deal), "bid:28:H", "bid:double", *["bid:pass"] * 3,
            "play:JS", "play:JS", "play:9S", "play:AS", "play:TC")
    text = table_of(s, "en").read
    assert "Contract: 28♥ ×2 · 🔵 Անի" in text
    assert "Points: 🔴 0 · 🔵 9" in text
    assert "On the table: Անի 10♣" in text
    assert "Last trick: Անի (J♠ J♠ 9♠ A♠) +9" in text
    assert "▸🔴 🤖2" in text  # seat 2 to play
    waiting = hand_of(s, 3, "en")
    assert not waiting.rows and "Contract: 28♥ ×2" in waiting.read


# Results and elimination -----------------------------------------------------------------------


def e10_like() -> State:
    """6 players: team 1 (seats 1, 4) declares with 3 tables and loses all of them (§11 E10)."""
    deal = fill(6, {0: "JC JC 9C 9C AC AC TC TC"})
    s = match(6, 0, deal).copy()
    s.tables = (14, 3, 19)
    return play_out(act(s, "bid:48:NT", *["bid:pass"] * 5))


def test_a_deal_result_tells_made_or_lost_points_changes_and_who_leaves() -> None:
    s = e10_like()
    public = GAME.public_observation(s)
    (record,) = public.history
    text = VIEW.deal_result(record, public, ctx("en", 6)).read
    lines = text.split("\n")
    assert lines[0] == "Deal 1 is over"
    assert lines[1].startswith("❌ Contract lost: 48 no trumps · 🔵 Անի & Սոնա:")
    assert "(needed 48)" in lines[1]
    assert lines[3] == "Tables: 🔴 +1 → 15 · 🔵 −3 → 0 · 🟢 +2 → 21"
    assert "🔵 Անի & Սոնա: out of tables, the team leaves the game" in text
    assert "The table re-forms: 4 players, 12 cards each" in text
    hy = VIEW.deal_result(record, public, ctx("hy", 6)).read
    assert hy.startswith("1-ին բաժանումն ավարտվեց") and "−3 → 0" in hy


def test_the_table_and_the_leavers_hands_say_a_team_is_out() -> None:
    s = e10_like()
    text = table_of(s, "en").read
    assert "🔵 Անի & Սոնա — out after deal 1" in text
    order = next(x for x in text.split("\n") if x.startswith("At the table"))
    assert "Անի" not in order and "Սոնա" not in order and order.count("·") == 3
    for seat in (1, 4):
        screen = hand_of(s, seat, "en")
        assert not screen.rows and "ran out of tables in deal 1" in screen.read
        assert "4 players" in screen.read
        assert VIEW.hand_alert(GAME.observation(s, seat), ctx("en", 6)).startswith("Your team is out")
    assert hand_of(s, 0, "en").read.count("\n") > 3  # the others play on


def test_match_result_places_the_teams_and_offers_a_rematch() -> None:
    deal = fill(4, {1: "JC JC 9C 9C AC AC TC TC JD JD 9D 9D"})
    s = match(4, 0, deal).copy()
    s.tables = (2, 22)  # E11 reversed: team 1 makes 56 NT and takes the last 2 tables
    s = play_out(act(s, "bid:56:NT", *["bid:pass"] * 3))
    assert GAME.is_over(s)
    public = GAME.public_observation(s)
    result = VIEW.match_result(public, ctx("en"))
    lines = result.read.split("\n")
    assert lines[1] == "1. 🔵 Անի & Նարե — 24 tables"
    assert lines[2] == "2. 🔴 Արամ & 🤖2 Hard — out after deal 1"
    assert [p.kind for p in presses(result)] == ["r"]
    table = table_of(s, "en")
    assert "🏆 Winners: 🔵 Անի & Նարե" in table.read and not table.rows
    assert "game is over" in hand_of(s, 1, "en").read and not hand_of(s, 1, "en").rows


# Texts -----------------------------------------------------------------------------------------


def test_every_refusal_of_the_engine_has_an_alert_in_every_language() -> None:
    import engine.fifty_six
    doc = (engine.fifty_six.__doc__ or "").split("IllegalAction keys:")[1].split("\n\n")[0]
    reasons = ("not-your-turn", "game-over", "illegal", "bid-too-low", "bad-bid-form",
               "cannot-double", "cannot-redouble", "not-in-hand", "must-follow-suit")
    assert all(reason in doc for reason in reasons)
    for reason in reasons:
        key = i18n.illegal_key("fifty_six", reason)
        assert key != "illegal-illegal" or reason == "illegal"
        for lang in LANGUAGES:
            text = i18n.t(lang, key)
            assert text != key and len(text) <= 200


def test_rules_in_every_language() -> None:
    texts = {lang: rules_text(lang, "fifty_six") for lang in LANGUAGES}
    assert all(t != "rules-fifty_six" and "56" in t and "28" in t for t in texts.values())
    assert "սեղան" in texts["hy"] and "մաստ" in texts["hy"] and "վերցում" not in texts["hy"]


def reached_codes(state: State, seat: int, depth: int = 3) -> set[str]:
    """Action codes of the buttons within ``depth`` presses (the last one the action)."""
    codes: set[str] = set()
    frontier, seen = [""], {""}
    for _ in range(depth):
        deeper = []
        for pick in frontier:
            for press in presses(hand_of(state, seat, pick=pick)):
                if press.kind == "a":
                    codes.add(press.arg)
                elif press.kind == "p" and press.arg not in seen:
                    seen.add(press.arg)
                    deeper.append(press.arg)
        frontier = deeper
    return codes


@pytest.mark.parametrize("players", [4, 6, 8])
def test_every_call_in_every_form_is_within_three_presses(players: int) -> None:
    checked = 0
    for state, seat in positions(players, 3 + players, every=1):
        if state.phase != "auction" or checked >= 12:
            continue
        checked += 1
        expected = set()
        for action in GAME.legal_actions(state, seat):
            if isinstance(action, Bid):
                forms = bid_forms(action.value, action.denom, state.high)
                expected |= {str(Bid(action.value, action.denom,
                                     None if f == forms[0] else f)) for f in forms}
            else:
                expected.add(str(action))
        assert reached_codes(state, seat) == expected
    assert checked >= 3
