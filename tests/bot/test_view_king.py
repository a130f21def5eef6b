"""King's own view: the table, the hand, the results and the score sheet in hy, en and ru, drawn
from fixed seeds: the key facts are shown, the group sees no card still in a hand, every button is
a legal action in at most 64 bytes, and the texts stay short."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from bot import callbacks, i18n
from bot.settings import LANGUAGES
from bot.views import Context, has_view, view_for
from engine import king
from engine.cards import SUIT_SYMBOLS

GAME = king.GAME
VIEW = view_for("king")
NAMES = ("Արամ", "🤖2 Միջին", "Ani", "Գոռ")
CARD_FACE = re.compile(r"(?:10|[2-9JQKA])[♠♥♦♣]")
BIG_ID, BIG_MOVE = 4_294_967_295, 9_999


def ctx(lang: str, seat_pick: str = "") -> Context:
    return Context(lang, BIG_ID, BIG_MOVE, NAMES, "king", (), seat_pick)


def positions(seed: int, every: int = 9) -> Iterator[king.KingState]:
    """Every ``every``-th position of a random match, and its last one."""
    rng = random.Random(seed)
    state = GAME.new_match(4, seed)
    step = 0
    while not GAME.is_over(state):
        if step % every == 0:
            yield state
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        step += 1
    yield state


def held_faces(state: king.KingState) -> set[str]:
    return {c.symbol for seat in range(4) for c in GAME.observation(state, seat).hand}


def buttons(screen: Any) -> list[Any]:
    return [b for row in screen.rows for b in row]


def test_king_is_released_with_its_own_view() -> None:
    assert has_view("king") and type(VIEW).__name__ == "KingView"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("seed", [1, 2])
def test_group_screens_show_the_facts_and_no_held_card(lang: str, seed: int) -> None:
    c = ctx(lang)
    for state in positions(seed):
        public = GAME.public_observation(state)
        text = VIEW.table(public, c).read
        held = held_faces(state)
        assert not set(CARD_FACE.findall(text)) & held, text
        assert f"{public.deal}/12" in text
        assert i18n.t(lang, f"king-contract-{public.contract.lower()}") in text
        assert i18n.t(lang, f"king-reminder-{public.contract.lower()}") in text
        assert NAMES[public.declarer] in text
        if public.trump is not None:
            assert SUIT_SYMBOLS[public.trump] in text
        for _, card in public.trick:
            assert card.symbol in text
        if public.last_trick is not None:
            assert all(card.symbol in text for _, card in public.last_trick.cards)
        if public.phase == "play":
            for seat in range(4):
                line = next(x for x in text.splitlines() if NAMES[seat] + " —" in x)
                assert f"({_signed(public.points[seat])}" in line
                assert all(card.symbol in line for card in public.counted[seat])
        marked = [x for x in text.splitlines() if x.startswith("▸")]
        assert len(marked) == len(public.to_act)
        assert len(text) <= 900, (len(text), text)
        for button in buttons(VIEW.table(public, c)):
            assert len((button.data or "").encode()) <= callbacks.MAX_BYTES
        for record in public.history:
            result = VIEW.deal_result(record, public, c).read
            assert not set(CARD_FACE.findall(result)) & held
            assert len(result) <= 500


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value).replace("-", "\u2212")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hands_offer_the_legal_cards_only_and_show_the_rest(lang: str) -> None:
    c = ctx(lang)
    for state in positions(3, every=5):
        for seat in range(4):
            obs = GAME.observation(state, seat)
            legal = GAME.legal_actions(state, seat)
            screen = VIEW.hand(obs, legal, c)
            for card in obs.hand:
                assert card.symbol[:-1] in screen.read
            codes = [callbacks.decode(b.data).arg for b in buttons(screen)]
            assert sorted(codes) == sorted(map(str, legal)), (codes, legal)
            for button in buttons(screen):
                assert len(button.data.encode()) <= callbacks.MAX_BYTES
            assert len(screen.read) <= 900
            assert len(VIEW.hand_alert(obs, c)) <= 200
            other = [card.symbol for s in range(4) if s != seat
                     for card in GAME.observation(state, s).hand]
            assert not set(CARD_FACE.findall(screen.read)) & set(other)


def test_trump_is_chosen_with_four_suit_buttons_named_in_armenian() -> None:
    state = GAME.new_match(4, 8, contracts="TR", first_dealer=0)
    assert state.phase == "trump"
    declarer = 1
    obs = GAME.observation(state, declarer)
    screen = VIEW.hand(obs, GAME.legal_actions(state, declarer), ctx("hy"))
    labels = [b.text for b in buttons(screen)]
    assert labels == ["♠ Պիկ", "♥︎ Սիրտ", "♦︎ Ագուռ", "♣ Խաչ"]
    assert [callbacks.decode(b.data).arg for b in buttons(screen)] == [
        "trump:S", "trump:H", "trump:D", "trump:C"]
    assert "Ընտրեք հաղթաթուղթը" in screen.read
    waiting = VIEW.hand(GAME.observation(state, 0), [], ctx("hy"))
    assert not waiting.rows
    table = VIEW.table(GAME.public_observation(state), ctx("hy")).read
    assert "Հաղթաթուղթն ընտրում է՝ " + NAMES[declarer] in table
    state = GAME.apply(state, declarer, GAME.parse_action("trump:H"))
    table = VIEW.table(GAME.public_observation(state), ctx("hy")).read
    assert "Հաղթաթուղթ՝ ♥ · ընտրեց՝ " + NAMES[declarer] in table


def test_the_table_lists_the_penalty_cards_taken() -> None:
    hands = [
        "A♣ K♣ Q♣ A♦ K♦ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠",
        "2♣ 3♣ 4♣ 2♦ 3♦ K♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥",
        "5♣ 6♣ 7♣ 4♦ 5♦ 10♠ J♠ Q♠ K♠ A♠ 9♥ 10♥ J♥",
        "8♣ 9♣ 10♣ J♣ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ Q♥ A♥",
    ]
    state = GAME.new_match(4, 1, deal=hands, contracts="QN JK", first_dealer=3)
    for code in ["A♣", "2♣", "5♣", "8♣", "K♣", "3♣", "6♣", "9♣", "Q♣", "4♣", "7♣", "J♣"]:
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, GAME.parse_action("play:" + code))
    text = VIEW.table(GAME.public_observation(state), ctx("hy")).read
    line = next(x for x in text.splitlines() if "Արամ —" in x)
    assert "(−100 · Q♣)" in line
    assert "ամեն թագուհին՝ −100" in text


def test_deal_result_lists_totals_best_first_with_the_deal_points() -> None:
    state = list(positions(4))[-1]
    public = GAME.public_observation(state)
    record = public.history[0]
    text = VIEW.deal_result(record, public, ctx("en")).read
    lines = text.splitlines()
    assert lines[0] == "Deal 1/12 “No tricks” is over"
    order = record.standings.order
    for line, seat in zip(lines[1:], order, strict=True):
        assert NAMES[seat] in line and f"({_signed(record.results[seat])})" in line


@pytest.mark.parametrize("lang", LANGUAGES)
def test_score_sheet_has_a_row_for_every_deal_and_the_totals(lang: str) -> None:
    state = list(positions(6))[-1]
    public = GAME.public_observation(state)
    sheet = VIEW.score_sheet(public, ctx(lang)).text
    rows = sheet.split("<pre>")[1].split("</pre>")[0].splitlines()
    assert len(rows) == 1 + 12 + 1
    for row, record in zip(rows[1:13], public.history, strict=True):
        cells = row.split()[-4:]
        assert cells == [_signed(v).lstrip("+") for v in record.results]
        assert row.lstrip().startswith(str(record.number))
    assert rows[-1].split()[-4:] == [_signed(v).lstrip("+") for v in public.standings.values]
    assert all(name in sheet for name in NAMES)
    result = VIEW.match_result(public, ctx(lang))
    assert sheet in result.text and len(result.read) <= 4096
    assert [callbacks.decode(b.data).kind for b in buttons(result)] == ["r"]
    places = [line for line in result.read.splitlines() if re.match(r"^\d\. ", line)]
    assert [p.split(". ")[0] for p in places] == [str(public.standings.places[s])
                                                  for s in public.standings.order]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_of_the_engine_has_its_alert(lang: str) -> None:
    doc = king.__doc__ or ""
    block = doc.split("IllegalAction keys:")[1].split("Information")[0]
    reasons = set(re.findall(r"\b[a-z]+(?:-[a-z]+)+\b", block))
    assert {"must-overtrump", "must-play-under", "not-your-turn"} <= reasons
    for reason in reasons:
        key = i18n.illegal_key("king", reason)
        assert key != "illegal-illegal", reason
        text = i18n.t(lang, key)
        assert text != key and len(text) <= 200


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_contract_has_its_words(lang: str) -> None:
    for code in king.CONTRACTS:
        for kind in ("contract", "reminder", "short"):
            key = f"king-{kind}-{code.lower()}"
            assert i18n.has(lang, key), key
            assert len(i18n.t(lang, key)) <= (140 if kind == "reminder" else 40)
    rules = i18n.t(lang, "rules-king")
    assert rules != "rules-king" and len(rules) <= 1500


@pytest.mark.parametrize("lang", LANGUAGES)
def test_hands_show_the_trick_just_taken_and_whose_lead_it_is(lang: str) -> None:
    """Not «Սեղանին՝ —»: the previous trick with who took it, then «Դուք եք գալիս» for the seat
    to lead, and who leads for the others; mid-trick the table's cards come last."""
    seen = set()
    for state in positions(2, every=1):
        public = GAME.public_observation(state)
        if public.phase != "play" or public.last_trick is None:
            continue
        last = public.last_trick
        taken = i18n.t(lang, "table-last-trick", name=NAMES[last.winner],
                       cards=" ".join(card.symbol for _, card in last.cards))
        (to_act,) = public.to_act
        for seat in range(4):
            lines = VIEW.hand(GAME.observation(state, seat), GAME.legal_actions(state, seat),
                              ctx(lang)).read.splitlines()
            assert lines[-2] == taken, lines
            if public.trick:
                assert lines[-1] == i18n.t(lang, "table-trick", cards=" · ".join(
                    f"{NAMES[s]} {card.symbol}" for s, card in public.trick))
            elif seat == to_act:
                assert lines[-1] == i18n.t(lang, "hand-you-lead"), lines
                seen.add("lead")
            else:
                assert lines[-1] == i18n.t(lang, "hand-leads", name=NAMES[to_act]), lines
                seen.add("wait")
    assert seen == {"lead", "wait"}


def test_the_lead_reads_in_armenian_and_english() -> None:
    state = next(s for s in positions(2, every=1)
                 if s.phase == "play" and len(s.tricks) == 1 and not s.trick)
    (leader,) = GAME.to_act(state)
    winner = NAMES[GAME.public_observation(state).tricks[0].winner]
    hy = VIEW.hand(GAME.observation(state, leader), GAME.legal_actions(state, leader),
                   ctx("hy")).read.splitlines()
    assert hy[-2].startswith(f"Նախորդ առքը՝ {winner} (") and hy[-1] == "Դուք եք գալիս"
    other = (leader + 2) % 4
    en = VIEW.hand(GAME.observation(state, other), [], ctx("en")).read.splitlines()
    assert en[-2].startswith(f"Last trick: {winner} (") and en[-1] == f"{NAMES[leader]} leads"
