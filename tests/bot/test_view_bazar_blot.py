"""Bazar Blot's view: the group table, the hand with its two-step auction picker, the deal and
match results, in hy, en and ru, from fixed seeds and set deals."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from bot import callbacks, i18n
from bot.settings import LANGUAGES
from bot.views import Context, view_for
from bot.views.rules import rules_text
from engine.bazar_blot import GAME, PASS, QUANSH, SUR, Bid, Public
from engine.cards import CARDS, parse_card
from engine.tricks import Play

from .reach import reachable

VIEW = view_for("bazar_blot")
NAMES = ("Արամ", "Անի", "🤖2 Բարդ", "Գոռ")
CAPOT_DEAL = [  # as in tests/engine/test_bazar_blot.py: dealer 3, seat 0 speaks first
    "7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠",  # a hundred (all eight) and the Blot
    "7♥ 8♥ 9♥ 7♦ 8♦ 9♦ 7♣ 8♣",  # two terzes, outranked
    "10♥ J♥ Q♥ K♥ A♥ 10♦ J♦ Q♦",  # a hundred and a terz
    "K♦ A♦ 9♣ 10♣ J♣ Q♣ K♣ A♣",  # a hundred of six
]


def ctx(lang: str = "hy", pick: str = "") -> Context:
    return Context(lang, 4_294_967_295, 9_999, NAMES, "bazar_blot", (), pick)


def presses(screen: Any) -> list[callbacks.Press]:
    return [callbacks.decode(b.data) for row in screen.rows for b in row if b.data]


def faces_in(text: str) -> set[str]:
    """Card faces in a text (a bid is written '10 ♠', with a no-break space, so it is none)."""
    return set(re.findall(r"(?:10|[2-9JQKA])[♠♥♦♣]", text))


def random_positions(seed: int, lang: str):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    state = GAME.new_match(4, seed)
    while not GAME.is_over(state):
        yield state
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        bids = [a for a in legal if isinstance(a, Bid)]
        if bids and len(state.calls) < 3 and rng.random() < 0.5:
            action: Any = bids[rng.randrange(min(len(bids), 15))]
        elif bids:
            action = QUANSH if QUANSH in legal and rng.random() < 0.2 else PASS
        else:
            action = rng.choice(legal)
        state = GAME.apply(state, seat, action)
    yield state


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("seed", range(2))
def test_screens_of_whole_matches_are_short_legal_and_hide_the_hands(lang: str, seed: int) -> None:
    c = ctx(lang)
    posted = 0
    for state in random_positions(seed, lang):
        public: Public = GAME.public_observation(state)
        table = VIEW.table(public, c)
        assert table.read and len(table.read) <= 700, len(table.read)
        held = {CARDS[x].symbol for hand in GAME.hands(state) for x in hand}
        revealed = {card.symbol for combo in public.combinations for card in combo.cards}
        assert not (faces_in(table.read) & held) - revealed, table.read
        for seat in range(4):
            obs = GAME.observation(state, seat)
            legal = GAME.legal_actions(state, seat)
            hand = VIEW.hand(obs, legal, c)
            assert len(hand.read) <= 1000
            others = {CARDS[x].symbol for s, h in enumerate(GAME.hands(state)) if s != seat
                      for x in h}
            assert not (faces_in(hand.read) & others) - revealed
            assert len(VIEW.hand_alert(obs, c)) <= 200
            for press in presses(hand):
                assert press.kind in ("a", "p")
                if press.kind == "a":
                    assert GAME.parse_action(press.arg) in legal
            for row in hand.rows:
                assert len(row) <= 8
                assert all(len((b.data or "").encode()) <= 64 and b.text for b in row)
        for record in public.history[posted:]:
            text = VIEW.deal_result(record, public, c).read
            assert text and len(text) <= 600 and not faces_in(text)
        posted = len(public.history)
    over = VIEW.match_result(GAME.public_observation(state), c)
    assert "🏆" in over.read and over.rows


def test_the_auction_picker_steps() -> None:
    state = GAME.new_match(4, 11, first_dealer=3)
    obs, legal = GAME.observation(state, 0), GAME.legal_actions(state, 0)
    first = presses(VIEW.hand(obs, legal, ctx()))
    assert [p.arg for p in first if p.kind == "p"] == ["l:8", "l:9", "l:10", "l:11", "l:12", "m", "k"]
    assert [p.arg for p in first if p.kind == "a"] == ["bid:pass"]  # no Quansh before a bid
    text = VIEW.hand(obs, legal, ctx()).read
    assert "Ձեր խոսքն է" in text and "Բազար՝ —" in text
    strains = VIEW.hand(obs, legal, ctx(pick="l:9"))
    assert [p.arg for p in presses(strains)] == ["bid:9:S", "bid:9:H", "bid:9:D", "bid:9:C",
                                                  "bid:9:B", ""]
    assert [b.text for b in strains.rows[0]] == ["♠", "♥︎", "♦︎", "♣", "Բոյ"]
    more = [p.arg for p in presses(VIEW.hand(obs, legal, ctx(pick="m")))]
    assert more[0] == "l:13" and more[-2] == "l:50" and more[-1] == ""
    assert [p.arg for p in presses(VIEW.hand(obs, legal, ctx(pick="l:40")))][-1] == "m"
    capot = [p.arg for p in presses(VIEW.hand(obs, legal, ctx(pick="k")))]
    assert capot[0] == "k:25" and capot[-2] == "k:50"
    assert [p.arg for p in presses(VIEW.hand(obs, legal, ctx(pick="k:25")))][:2] == [
        "capot:25:S", "capot:25:H"]
    for stale in ("l:7", "k:24", "zzz", "l:x", "l:51"):
        assert presses(VIEW.hand(obs, legal, ctx(pick=stale))) == first
    # after 0 10♥ the opponents may say Quansh; levels start at 11
    state = GAME.apply(state, 0, Bid(10, 2))
    obs, legal = GAME.observation(state, 1), GAME.legal_actions(state, 1)
    screen = VIEW.hand(obs, legal, ctx())
    assert [p.arg for p in presses(screen) if p.kind == "a"] == ["bid:pass", "quansh"]
    assert "Արամ 10\u00a0♥" in screen.read and "Քուանշ" in [b.text for row in screen.rows for b in row]
    state = GAME.apply(state, 1, QUANSH)
    public = GAME.public_observation(state)
    assert "Բազար՝ Արամ 10\u00a0♥ · Անի Քուանշ" in VIEW.table(public, ctx()).read
    obs, legal = GAME.observation(state, 2), GAME.legal_actions(state, 2)
    sur = VIEW.hand(obs, legal, ctx())
    assert {p.arg for p in presses(sur)} == {"sur", "bid:pass"} and "Անի" in sur.read
    state = GAME.apply(state, 2, SUR)
    table = VIEW.table(GAME.public_observation(state), ctx()).read
    assert "Խոսքը՝ 10\u00a0♥ · Արամ · ×4 Սուր" in table


def test_waiting_players_get_no_buttons() -> None:
    state = GAME.new_match(4, 11, first_dealer=3)
    for seat in (1, 2, 3):
        screen = VIEW.hand(GAME.observation(state, seat), [], ctx())
        assert not screen.rows and "սպասեք" in screen.read


def _capot_deal_after_trick_one() -> Any:
    state = GAME.new_match(4, 1, deal=CAPOT_DEAL, first_dealer=3)
    for seat, action in ((0, Bid(11, 3)), (1, PASS), (2, PASS), (3, PASS)):
        state = GAME.apply(state, seat, action)
    state = GAME.apply(state, 0, Play(parse_card("K♠")))
    for _ in range(3):
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    return state


@pytest.mark.parametrize("lang", LANGUAGES)
def test_combinations_and_the_blot_on_the_table(lang: str) -> None:
    state = _capot_deal_after_trick_one()
    text = VIEW.table(GAME.public_observation(state), ctx(lang)).read
    words = {"hy": ("Հարյուր", "Տերզ", "Բլոտ", "1 առք"), "en": ("Hundred", "Terz", "Blot", "1 trick"),
             "ru": ("Сотня", "Терц", "Блот", "1 взятка")}[lang]
    assert all(w in text for w in words), text
    assert "Արամ & 🤖2 Բարդ" in text  # the counting team, named by its players
    assert "10♥ J♥ Q♥ K♥ A♥" in text  # seat 2's hundred, shown after trick 1 by rule


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_deal_result_says_what_was_counted(lang: str) -> None:
    state = _capot_deal_after_trick_one()
    while GAME.public_observation(state).deal == 1:
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    public = GAME.public_observation(state)
    text = VIEW.deal_result(public.history[0], public, ctx(lang)).read
    expected = {"hy": ("1-ին բաժանումն ավարտվեց", "✅ Խոսքը հավաքեցին", "Կապուտ", "Հարյուր",
                       "Բլոտ՝ Արամ (20)", "+60", "Ընդհանուր"),
                "en": ("Deal 1 is over", "Contract made", "Capot", "Hundred", "Blot: Արամ (20)", "+60"),
                "ru": ("Раздача 1 окончена", "Заказ сыгран", "Капут", "Сотня", "Блот: Արամ (20)",
                       "+60")}[lang]
    assert all(w in text for w in expected), text
    assert "11\u00a0♠" in text and not faces_in(text)


def test_a_thrown_in_deal_is_said_as_such() -> None:
    state = GAME.new_match(4, 11, first_dealer=3)
    for seat in range(4):
        state = GAME.apply(state, seat, PASS)
    public = GAME.public_observation(state)
    text = VIEW.deal_result(public.history[0], public, ctx()).read
    assert "Բոլորը պաս ասացին" in text and "1-ին բաժանումն" in text


def test_every_refusal_of_the_engine_has_its_alert() -> None:
    import engine.bazar_blot
    doc = engine.bazar_blot.__doc__ or ""
    reasons = re.findall(r"[a-z0-9]+(?:-[a-z0-9]+)+",
                         doc.split("IllegalAction keys:")[1].split("\n\n")[0])
    assert "must-overtrump" in reasons and "capot-below-25" in reasons
    for reason in reasons:
        key = i18n.illegal_key("bazar_blot", reason)
        assert key != "illegal-illegal", reason
        for lang in LANGUAGES:
            assert i18n.has(lang, key) and len(i18n.t(lang, key)) <= 200


def test_rules_in_every_language() -> None:
    for lang in LANGUAGES:
        text = rules_text(lang, "bazar_blot")  # no table: 151 or 301
        assert "151" in text and "301" in text and "250" in text


def test_every_call_and_card_is_reachable_from_set_positions() -> None:
    state = GAME.new_match(4, 11, first_dealer=3)
    assert reachable(VIEW, GAME, state, 0) == set(GAME.legal_actions(state, 0))
    state = GAME.apply(state, 0, Bid(24, 3))
    assert reachable(VIEW, GAME, state, 1) == set(GAME.legal_actions(state, 1))
    state = _capot_deal_after_trick_one()
    (seat,) = GAME.to_act(state)
    assert reachable(VIEW, GAME, state, seat) == set(GAME.legal_actions(state, seat))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_hand_shows_the_trick_just_taken_and_whose_lead_it_is(lang: str) -> None:
    """Issue 29: as Hearts and King, in the table's words: «Նախորդ առքը՝ …», then the trick on
    the table or, at an empty table, «Դուք եք գալիս» / "Անի leads" (not «Սեղանին՝ —»)."""
    state = next(s for s in random_positions(3, lang)
                 if s.phase == "play" and GAME.public_observation(s).last_trick is not None
                 and not GAME.public_observation(s).trick)
    public = GAME.public_observation(state)
    (leader,) = public.to_act
    taken = i18n.t(lang, "table-last-trick", name=NAMES[public.last_trick.winner],
                   cards=" ".join(card.symbol for _, card in public.last_trick.cards))
    for seat in range(4):
        lines = VIEW.hand(GAME.observation(state, seat), GAME.legal_actions(state, seat),
                          ctx(lang)).read.splitlines()
        lead = (i18n.t(lang, "hand-you-lead") if seat == leader
                else i18n.t(lang, "hand-leads", name=NAMES[leader]))
        assert lines[-2:] == [taken, lead], lines
