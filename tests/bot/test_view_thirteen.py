"""Thirteen's view: the group's table and the private hand in hy, en and ru from fixed seeds and
literal positions: the key facts shown, no card still held named in a group screen, buttons legal
and within 64 bytes, Play live exactly when the chosen cards are a legal play, every legal play
reachable by toggles, short texts, and the results."""

from __future__ import annotations

import dataclasses
import random
import re
from itertools import combinations
from typing import Any

import pytest

import engine.thirteen
from bot import callbacks, i18n
from bot.settings import LANGUAGES
from bot.views import Context, Screen, view_for
from bot.views.rules import rules_text
from engine.cards import parse_cards
from engine.thirteen import GAME, PASS, State, val_mask

from .reach import reachable

VIEW = view_for("thirteen")
NAMES = ("Արամ", "Անի", "Գոռ", "Նարե")
BIG_IDS = (4_294_967_295, 99_999)  # a long table id and move number: the worst callback data
FACE = re.compile(r"(?:10|[2-9JQKA])[♠♥♦♣]")


def ctx(lang: str = "hy", players: int = 4, selection: tuple[str, ...] = (), pick: str = "",
        table_id: int = 7, move: int = 3) -> Context:
    return Context(lang, table_id, move, NAMES[:players], "thirteen", selection, pick)


def presses(screen: Screen) -> list[callbacks.Press]:
    return [callbacks.decode(b.data) for row in screen.rows for b in row if b.data]


def position(hands: list[str], table: str = "", owner: int = 1, turn: int = 0,
             passed: int = 0) -> State:
    """Seats hold ``hands``; ``turn`` is to act on ``table`` played by ``owner``; the first play
    of the match is over."""
    state = GAME.new_match(len(hands), 0, deal=hands)
    return dataclasses.replace(state, table=val_mask(parse_cards(table)), owner=owner if table else -1,
                               turn=turn, required=0, passed=passed)


def random_positions(players: int, seed: int, every: float = 0.2) -> Any:
    rng = random.Random(seed)
    state = GAME.new_match(players, seed, match_games=2)
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        if rng.random() < every:
            yield state, seat
        state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    yield state, 0


def hand_screen(state: State, seat: int, c: Context) -> Screen:
    return VIEW.hand(GAME.observation(state, seat), GAME.legal_actions(state, seat), c)


def held_faces(state: State) -> set[str]:
    return {c.symbol for hand in GAME.hands(state) for c in map(engine.cards.CARDS.__getitem__, hand)}


# ---------------------------------------------------------------------------------------------
# The table (group)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_table_names_the_combination_to_beat_passes_cards_left_and_the_order(lang: str) -> None:
    state = position(["3♠ 4♣ 9♥", "K♣ 2♥", "5♣ 6♦", "7♠ 8♠ 8♦ J♥ Q♥"], "9♠ 9♦", owner=1,
                     turn=3, passed=1 << 2)
    state = dataclasses.replace(state, finished=(0,), hands=(0, *state.hands[1:]))
    text = VIEW.table(GAME.public_observation(state), ctx(lang)).read
    words = {"hy": ("Սեղանին", "զույգ", "պաս", "քարտ", "Դուրս են եկել"),
             "en": ("On the table", "pair", "passed", "cards", "Out"),
             "ru": ("На столе", "пара", "пас", "карт", "Вышли")}[lang]
    for word in words:
        assert word in text, (word, text)
    assert "Անի" in text and "9♠ 9♦" in text, "who played the combination, and its cards"
    lines = text.split("\n")
    assert lines[4].startswith("▸ ") and "Նարե" in lines[4], "whose turn"
    assert "🏁" in lines[1], "Արամ went out first"
    assert i18n.t(lang, "thirteen-seat-cards", count=2) in lines[3]
    assert not set(FACE.findall(text)) & held_faces(state)


def test_table_of_a_fresh_match_says_the_first_play_rule_and_hides_every_hand() -> None:
    for players in (2, 3, 4):
        state = GAME.new_match(players, 11)
        text = VIEW.table(GAME.public_observation(state), ctx("hy", players)).read
        assert "Սեղանը դատարկ է" in text and "ամենացածր քարտը" in text
        assert not FACE.findall(text), "no card is named before the first play"
        assert text.count(i18n.t("hy", "thirteen-seat-cards", count=13)) == players


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_group_screens_never_name_a_held_card_and_stay_short(players: int, lang: str) -> None:
    for seed in range(4):
        for state, _ in random_positions(players, seed):
            public = GAME.public_observation(state)
            screen = VIEW.table(public, ctx(lang, players, table_id=BIG_IDS[0], move=BIG_IDS[1]))
            assert len(screen.read) <= 500, screen.read
            assert not set(FACE.findall(screen.read)) & held_faces(state), screen.read
            for record in public.history:
                post = VIEW.deal_result(record, public, ctx(lang, players)).read
                assert len(post) <= 500 and not set(FACE.findall(post)) & held_faces(state)
            if public.phase == "over":
                assert not screen.rows
            else:
                assert [p.kind for p in presses(screen)] == ["h", "q"]  # my hand, the score sheet


def test_the_table_after_a_round_says_who_cleared_it() -> None:
    state = position(["3♠ 4♣ 9♥", "9♠ 9♦ K♣ 2♥", "5♣ 6♦"], "", turn=0)
    state = GAME.apply(state, 0, GAME.parse_action("play:9H"))
    state = GAME.apply(state, 1, GAME.parse_action("play:2H"))
    state = GAME.apply(state, 2, PASS)
    state = GAME.apply(state, 0, PASS)
    public = GAME.public_observation(state)
    assert public.to_act == frozenset({1}) and not public.table
    text = VIEW.table(public, ctx("hy", 3)).read
    assert "Սեղանը մաքրվեց" in text and "Անի՝ 2♥" in text


# ---------------------------------------------------------------------------------------------
# The hand (private)


def test_hand_is_sorted_by_thirteen_value_and_every_card_is_a_toggle_on_a_lead() -> None:
    state = position(["2♣ A♥ 3♠ 10♦ 3♥ K♠ 5♣", "9♠ 9♦"], turn=0)
    screen = hand_screen(state, 0, ctx("hy", 2))
    lines = screen.read.split("\n")
    assert lines[1] == "3♠ 3♥ 5♣ 10♦ K♠ A♥ 2♣"
    toggles = [p.arg for p in presses(screen) if p.kind == "t"]
    assert toggles == ["+3S", "+3H", "+5C", "+TD", "+KS", "+AH", "+2C"], "in the hand's order"
    assert not any(p.kind == "c" for p in presses(screen)), "nothing chosen: no Play"
    assert "pass" not in [p.arg for p in presses(screen)], "no pass on an empty table"
    assert "Ընտրեք քարտերը" in screen.read and "խաղացեք ցանկացած" in screen.read


@pytest.mark.parametrize(("chosen", "says", "live"), [
    (("3S", "3H"), "Ընտրված՝ զույգ 3", True),
    (("5C", "6D", "7S"), "Ընտրված՝ հաջորդականություն 5–7", True),
    (("7S", "7D", "7H", "7C"), "Ընտրված՝ ռումբ՝ չորս 7", True),
    (("3S", "5C"), "կոմբինացիա չէ", False),
    (("2C",), "Ընտրված՝ 2♣", True),
])
def test_the_hand_line_names_the_chosen_combination(chosen: tuple[str, ...], says: str,
                                                    live: bool) -> None:
    state = position(["3♠ 3♥ 5♣ 6♦ 7♠ 7♦ 7♥ 7♣ 2♣", "9♠ 9♦"], turn=0)
    screen = hand_screen(state, 0, ctx("hy", 2, tuple(sorted(chosen))))
    assert says in screen.read, screen.read
    confirm = [p for p in presses(screen) if p.kind == "c"]
    assert bool(confirm) == live and all(p.arg == "play" for p in confirm)
    marked = [b.text for row in screen.rows for b in row if b.text.startswith("✅")]
    assert len(marked) == len(chosen)


def test_on_a_table_to_beat_only_cards_of_legal_plays_toggle_and_pass_is_offered() -> None:
    state = position(["4♠ 9♣ 9♥ 10♠ 10♦ K♣ 2♠ 2♥", "3♣ 4♥"], "9♠ 9♦", owner=1, turn=0)  # X2
    screen = hand_screen(state, 0, ctx("en", 2, ("9C", "9H")))
    args = [p.arg for p in presses(screen)]
    assert sorted(a for a in args if a[0] in "+-") == sorted(
        ["-9C", "-9H", "+TS", "+TD", "+2S", "+2H"]), "4♠ and K♣ beat nothing: not buttons"
    assert "pass" in args and "play" in args
    assert "To beat: Անի, pair 9♠ 9♦" in screen.read and "Chosen: pair of 9s" in screen.read
    weak = hand_screen(state, 0, ctx("en", 2, ("TS",)))
    assert "does not beat" in weak.text and "play" not in [p.arg for p in presses(weak)]


def test_first_play_names_the_required_card_to_its_holder() -> None:
    state = GAME.new_match(4, 2)
    (leader,) = GAME.to_act(state)
    screen = hand_screen(state, leader, ctx("hy"))
    assert "Առաջին քայլը պետք է պարունակի 3♠" in screen.read
    toggles = {p.arg for p in presses(screen) if p.kind == "t"}
    assert "+3S" in toggles
    hand = GAME.observation(state, leader).hand
    other = next(str(c) for c in hand if str(c) != "3S")
    wrong = hand_screen(state, leader, ctx("hy", selection=(other,)))
    if f"+{other}" in toggles:  # a card that joins 3♠ in some play, chosen without it
        assert "պետք է պարունակի 3♠" in wrong.text.split("\n")[-1]
    assert not any(p.kind == "c" for p in presses(wrong))


def test_a_waiting_locked_out_or_finished_seat_gets_no_buttons() -> None:
    state = position(["4♠ 9♣", "J♣ Q♣", "5♣ 6♦"], "9♠ 9♦", owner=1, turn=0, passed=1 << 2)
    locked = hand_screen(state, 2, ctx("hy", 3))
    assert not locked.rows and "Դուք պաս ասացիք" in locked.text and "Սպասեք" in locked.text
    waiting = hand_screen(state, 1, ctx("ru", 3))
    assert not waiting.rows and "Ждите" in waiting.read
    out = dataclasses.replace(state, finished=(1,), hands=(state.hands[0], 0, state.hands[2]))
    screen = hand_screen(out, 1, ctx("en", 3))
    assert not screen.rows and "You went out 1st" in screen.read


@pytest.mark.parametrize("players", [2, 3, 4])
def test_play_is_live_exactly_when_the_chosen_cards_are_a_legal_play(players: int) -> None:
    """From random positions, random selections of the toggles: the confirm button appears iff
    the chosen cards (as the bot builds the code) are a legal action; every 'a' button is legal."""
    rng = random.Random(players)
    checked = 0
    for seed in range(3):
        for state, seat in random_positions(players, seed, every=0.3):
            if GAME.is_over(state):
                continue
            legal = GAME.legal_actions(state, seat)
            codes = {str(a) for a in legal}
            base = hand_screen(state, seat, ctx("hy", players))
            toggles = [p.arg[1:] for p in presses(base) if p.kind == "t"]
            for _ in range(6):
                k = rng.randint(1, min(6, len(toggles))) if toggles else 0
                chosen = tuple(sorted(rng.sample(toggles, k), key=engine.cards.parse_card))
                screen = hand_screen(state, seat, ctx("hy", players, chosen))
                for press in presses(screen):
                    if press.kind == "a":
                        assert press.arg in codes
                    elif press.kind == "c":
                        code = str(GAME.parse_action(f"{press.arg}:{','.join(chosen)}"))
                        assert code in codes
                    else:
                        assert press.kind == "t"
                built = str(GAME.parse_action("play:" + ",".join(chosen))) if chosen else ""
                assert any(p.kind == "c" for p in presses(screen)) == (built in codes)
                checked += 1
    assert checked > 50


def test_every_play_of_full_hands_is_reachable_by_toggles() -> None:
    """Leads of 13 cards (hundreds of plays, over the generic view's button limit) and tables
    of every kind: every legal action by toggles and Play, or a button."""
    rng = random.Random(5)
    deck = list(engine.cards.CARDS)
    for _ in range(12):
        rng.shuffle(deck)
        hand = " ".join(map(str, deck[:13]))
        state = position([hand, " ".join(map(str, deck[13:26]))], turn=0)
        assert reachable(VIEW, GAME, state, 0) == set(GAME.legal_actions(state, 0))
    bomb_rich = "3♠ 3♣ 4♦ 4♥ 5♠ 5♦ 6♣ 6♥ 8♠ 8♣ 8♦ 8♥ 2♥"  # X5
    for table in ("2♠", "2♠ 2♣", "9♠ 9♣ 9♦ 9♥", "4♣ 5♥ 6♦", "K♠"):
        state = position([bomb_rich, "Q♦"], table, owner=1, turn=0)
        assert reachable(VIEW, GAME, state, 0) == set(GAME.legal_actions(state, 0))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_buttons_fit_64_bytes_rows_fit_a_phone_and_texts_are_short(lang: str) -> None:
    for players in (2, 3, 4):
        for state, seat in random_positions(players, 3):
            obs = GAME.observation(state, seat)
            legal = GAME.legal_actions(state, seat)
            toggles = [str(c) for c in obs.hand][:4]
            for selection in ((), tuple(sorted(toggles, key=engine.cards.parse_card))):
                screen = VIEW.hand(obs, legal, ctx(lang, players, selection, "", *BIG_IDS))
                assert len(screen.read) <= 700, screen.read
                for row in screen.rows:
                    assert 1 <= len(row) <= 5
                    for button in row:
                        assert button.text and len((button.data or "").encode()) <= 64
            assert len(VIEW.hand_alert(obs, ctx(lang, players))) <= 200


def test_suggestions_are_the_lowest_plays_and_an_unknown_pick_changes_nothing() -> None:
    state = position(["3♠ 3♥ 4♦ 5♣ 7♠ 7♦ 7♥ 9♣ J♦ Q♠ K♥ A♣ 2♦", "9♠ 9♦"], turn=0)
    screen = hand_screen(state, 0, ctx("hy", 2))
    plays = [p.arg for p in presses(screen) if p.kind == "a"]
    assert plays == ["play:3S", "play:3S,3H", "play:7S,7D,7H"]
    assert hand_screen(state, 0, ctx("hy", 2, pick="bogus")) == screen


# ---------------------------------------------------------------------------------------------
# Results, rules, alerts


def tiebreak_match() -> State:
    for seed in range(60):
        rng = random.Random(seed)
        state = GAME.new_match(3, seed, match_games=2)
        while not GAME.is_over(state):
            (seat,) = GAME.to_act(state)
            state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        if len(state.results) > 2:
            return state
    raise AssertionError("no tie-break game in 60 matches")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_game_results_give_the_order_and_place_points_and_say_tie_breaks(lang: str) -> None:
    state = tiebreak_match()
    public = GAME.public_observation(state)
    c = ctx(lang, 3)
    first = VIEW.deal_result(public.history[0], public, c).read.split("\n")
    assert first[0] == i18n.t(lang, "thirteen-game-over", number=1)
    order = public.history[0].facts.order
    assert first[1] == " · ".join(f"{p}. {NAMES[s]} {'+' if 3 - p else ''}{3 - p}"
                                  for p, s in enumerate(order, 1))
    second = public.history[1]
    tied = [NAMES[s] for s in second.standings.order if second.standings.places[s] == 1]
    assert len(tied) > 1
    assert VIEW.deal_result(second, public, c).read.split("\n")[-1] == i18n.t(
        lang, "thirteen-tiebreak-next", names=", ".join(tied))
    assert i18n.t(lang, "thirteen-tiebreak-next", names="") not in "\n".join(first)
    third = VIEW.deal_result(public.history[2], public, c).read
    assert third.startswith(i18n.t(lang, "thirteen-tiebreak-over", number=3))
    result = VIEW.match_result(public, c)
    assert i18n.t(lang, "thirteen-match-tiebreaks", count=len(public.history) - 2) in result.read
    assert [p.kind for p in presses(result)] == ["r"]


def test_the_armenian_results_read_as_in_texts_review() -> None:
    assert i18n.t("hy", "thirteen-game-over", number=1) == "1-ին խաղն ավարտվեց"
    assert i18n.t("hy", "thirteen-game-over", number=2) == "2-րդ խաղն ավարտվեց"
    assert i18n.t("hy", "thirteen-seat-out", place=1) == "🏁 1-ին"
    assert i18n.t("ru", "thirteen-seat-cards", count=1) == "1 карта"
    assert i18n.t("ru", "thirteen-seat-cards", count=3) == "3 карты"
    assert i18n.t("ru", "thirteen-seat-cards", count=11) == "11 карт"
    assert i18n.t("en", "thirteen-seat-cards", count=1) == "1 card"


def test_every_refusal_of_the_engine_has_its_own_alert_in_every_language() -> None:
    doc = engine.thirteen.__doc__ or ""
    block = doc.split("IllegalAction keys:")[1].split("\n\n")[0]
    reasons = re.findall(r"^\s+([a-z]+(?:-[a-z]+)+)", block, re.M)
    assert len(reasons) == 11 and "locked-out" in reasons
    for reason in reasons:
        key = i18n.illegal_key("thirteen", reason)
        assert key != "illegal-illegal", reason
        for lang in LANGUAGES:
            assert i18n.has(lang, key), (lang, key)
            assert len(i18n.t(lang, key)) <= 200


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_name_the_combinations(lang: str) -> None:
    text = rules_text(lang, "thirteen")
    words = {"hy": ("զույգ", "եռյակ", "քառյակ", "հաջորդականություն", "ռումբ", "պաս", "3♠"),
             "en": ("pair", "triple", "four of a kind", "run", "double run", "Bomb", "pass"),
             "ru": ("пара", "тройка", "каре", "стрит", "двойной стрит", "Бомбы", "спасовавший")}
    for word in words[lang]:
        assert word.lower() in text.lower(), word
    assert len(text) < 2000


def test_alert_lists_the_hand_in_thirteen_order() -> None:
    state = position(["2♣ A♥ 3♠ 10♦", "9♠ 9♦"], turn=0)
    assert VIEW.hand_alert(GAME.observation(state, 0), ctx("hy", 2)) == "3♠ 10♦ A♥ 2♣"
    empty = dataclasses.replace(state, hands=(0, state.hands[1]))
    assert VIEW.hand_alert(GAME.observation(empty, 0), ctx("hy", 2)) == i18n.t("hy", "hand-empty")


def test_subsets_of_a_small_hand_never_light_play_wrongly() -> None:
    """Exhaustive: every subset of a 7-card hand as the selection, on a lead and on a pair."""
    hand = "5♠ 5♥ 6♣ 6♦ 7♠ 7♥ 2♦"
    for table in ("", "4♠ 4♦"):
        state = position([hand, "9♠ 9♦"], table, owner=1, turn=0)
        codes = {str(a) for a in GAME.legal_actions(state, 0)}
        cards = [str(c) for c in parse_cards(hand)]
        for k in range(1, len(cards) + 1):
            for subset in combinations(cards, k):
                chosen = tuple(sorted(subset, key=engine.cards.parse_card))
                screen = hand_screen(state, 0, ctx("hy", 2, chosen))
                live = any(p.kind == "c" for p in presses(screen))
                assert live == (str(GAME.parse_action("play:" + ",".join(chosen))) in codes)


def test_a_seat_that_cannot_beat_the_table_is_told_to_pass() -> None:
    state = position(["4♠ 5♥", "3♣ 4♥"], "A♥", owner=1, turn=0)
    screen = hand_screen(state, 0, ctx("hy", 2))
    assert "Ծածկելու քարտ չունեք" in screen.read
    assert [p.arg for p in presses(screen)] == ["pass"]
