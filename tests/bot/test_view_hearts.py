"""Hearts' hand in hy, en and ru, from fixed seeds: on your turn the trick just finished stays in
sight with who took it and an empty table says it is your lead; a waiting hand shows no trick
(every card would edit every waiting hand: issue 29's budget); no card of another seat's hand."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from bot import i18n
from bot.settings import LANGUAGES
from bot.views import Context, view_for
from engine import hearts
from engine.tricks import TrickRecord

GAME = hearts.GAME
VIEW = view_for("hearts")
NAMES = ("Արամ", "🤖2 Միջին", "Ani", "Գոռ")
CARD_FACE = re.compile(r"(?:10|[2-9JQKA])[♠♥♦♣]")


def ctx(lang: str) -> Context:
    return Context(lang, 1, 1, NAMES, "hearts")


def positions(seed: int) -> Iterator[hearts.State]:
    """Every position of the first deal of a random match (passes drawn at random)."""
    rng = random.Random(seed)
    state = GAME.new_match(4, seed)
    while state.round == 1 and not GAME.is_over(state):
        yield state
        seat = min(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        state = GAME.apply(state, seat, legal[rng.randrange(len(legal))])


def taken(lang: str, last: TrickRecord) -> str:
    return i18n.t(lang, "table-last-trick", name=NAMES[last.winner],
                  cards=" ".join(card.symbol for _, card in last.cards))


def after_tricks(seed: int, tricks: int, played: int = 0) -> hearts.State:
    return next(s for s in positions(seed)
                if s.phase == "play" and len(s.tricks) == tricks and len(s.trick) == played)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_leader_is_told_to_lead_and_sees_the_trick_just_taken(lang: str) -> None:
    state = after_tricks(5, 1)
    (leader,) = GAME.to_act(state)
    last = GAME.public_observation(state).last_trick
    assert last is not None and last.winner == leader
    for seat in range(4):
        lines = VIEW.hand(GAME.observation(state, seat), GAME.legal_actions(state, seat),
                          ctx(lang)).read.splitlines()
        if seat != leader:  # waiting: the trick is not redrawn on every card
            assert taken(lang, last) not in lines, lines
            continue
        assert taken(lang, last) in lines, lines
        assert lines[-1] == i18n.t(lang, "hand-you-lead"), lines


def test_the_words_of_the_lead_in_armenian_and_english() -> None:
    state = after_tricks(5, 1)
    (leader,) = GAME.to_act(state)
    hy = VIEW.hand(GAME.observation(state, leader), GAME.legal_actions(state, leader), ctx("hy"))
    en = VIEW.hand(GAME.observation(state, leader), GAME.legal_actions(state, leader), ctx("en"))
    assert hy.read.endswith("Դուք եք գալիս") and "Նախորդ առքը՝ " + NAMES[leader] in hy.read
    assert en.read.endswith("You lead") and "Last trick: " + NAMES[leader] in en.read


@pytest.mark.parametrize("lang", ["hy", "en"])
def test_mid_trick_the_hand_shows_the_previous_trick_then_the_table(lang: str) -> None:
    state = after_tricks(5, 2, played=2)
    public = GAME.public_observation(state)
    assert public.last_trick is not None
    (seat,) = GAME.to_act(state)  # the seat to play sees both; a waiting one neither
    lines = VIEW.hand(GAME.observation(state, seat), GAME.legal_actions(state, seat),
                      ctx(lang)).read.splitlines()
    on_table = " · ".join(f"{NAMES[s]} {card.symbol}" for s, card in public.trick)
    assert lines[-1] == i18n.t(lang, "table-trick", cards=on_table)
    assert lines[-2] == taken(lang, public.last_trick)


def test_the_first_lead_of_a_deal_shows_no_previous_trick() -> None:
    state = after_tricks(5, 0)
    (leader,) = GAME.to_act(state)
    text = VIEW.hand(GAME.observation(state, leader), GAME.legal_actions(state, leader), ctx("hy")).read
    assert "Նախորդ առքը" not in text and text.splitlines()[-1] == "Դուք եք գալիս"


@pytest.mark.parametrize("seed", [1, 2])
def test_a_hand_shows_no_card_of_another_seats_hand(seed: int) -> None:
    for state in positions(seed):
        for seat in range(4):
            obs = GAME.observation(state, seat)
            text = VIEW.hand(obs, GAME.legal_actions(state, seat), ctx("hy")).read
            others = {c.symbol for s in range(4) if s != seat
                      for c in GAME.observation(state, s).hand}
            known = {c.symbol for c in (*obs.passed, *obs.received)}  # this seat's by right
            assert not set(CARD_FACE.findall(text)) & (others - known), text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_pass_short_of_cards_says_how_many_are_missing(lang: str) -> None:
    texts = {n: i18n.t(lang, i18n.illegal_key("hearts", "pass-too-few"), missing=3 - n, chosen=n)
             for n in (0, 1, 2)}
    assert "3" in texts[0] and "2" in texts[1]
    assert len(set(texts.values())) == 3 and all(len(t) <= 200 for t in texts.values())
    expected = {"hy": "Ընտրեք ևս մեկ քարտ", "en": "Choose 1 more card", "ru": "Выберите ещё 1 карту"}
    assert texts[2] == expected[lang]
    too_many = i18n.t(lang, i18n.illegal_key("hearts", "pass-too-many"), extra=1)
    assert "1" in too_many and len(too_many) <= 200


def test_once_three_cards_are_chosen_the_pass_offers_only_unchoosing_them() -> None:
    """A fourth card fits no pass, so no button offers it: the chosen three can be taken back
    and the pass confirmed."""
    state = GAME.new_match(4, 3)
    obs, legal = GAME.observation(state, 0), GAME.legal_actions(state, 0)
    hand = [str(c) for c in obs.hand]
    two = VIEW.hand(obs, legal, Context("hy", 1, 1, NAMES, "hearts", tuple(hand[:2])))
    assert sum(b.data.split("|")[-1].startswith("+") for row in two.rows for b in row) == 11
    three = VIEW.hand(obs, legal, Context("hy", 1, 1, NAMES, "hearts", tuple(hand[:3])))
    args = [b.data.split("|")[-1] for row in three.rows for b in row]
    assert sorted(a for a in args if a[:1] in "+-") == sorted(f"-{c}" for c in hand[:3])
    assert "pass" in args, "the confirm stays"
