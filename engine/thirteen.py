"""Thirteen (Tiến lên, «Տասներեք») per /work/shared/rules/thirteen.md, version 1.

2, 3 or 4 players, each alone, 13 cards each from one 52-card deck (with 2 or 3 players the rest
stays undealt and unseen). Ranks run 3 4 … K A 2, suits ♠ < ♣ < ♦ < ♥. A player leads any
combination on an empty table; the others in turn either beat it or pass, and a pass locks the
player out until the table clears (no exception for bombs). When nobody may beat the table it is
cleared and its owner leads (or, if the owner went out, the next player holding cards). A game
ends when at most one player holds cards; place points are ``n - place``.

Rules options (keyword arguments of ``new_match``):
    match_games   games in the match, default 1. If several players share the top after the last
                  game, further games are played until one leads alone (§9).
    first_dealer  the first game's dealer (default drawn from the seed, D-5)
    leader        None (default), or the seat that leads the first game freely as a later game's
                  1st place would: one later game replayed alone (``engine/paste.py``)

Phases: one, ``play``, repeated game after game; the match is over when ``to_act`` is empty.
The first game of the match is led by the holder of the lowest dealt card (3♠ with 4 players),
whose first play must contain it; later games are led freely by the previous game's 1st place and
dealt by its last place.

Combinations (§3): single, pair, triple, quad, seq (3+ consecutive ranks, one card each, no 2),
dseq (3+ consecutive pairs, no 2). ``beats`` (§4): same kind and length with a higher top card;
a bomb (quad: level 1, dseq of k pairs: level k - 2) beats m 2s when its level is at least m
(m = 1, 2, 3), and beats a bomb of a strictly lower level.

Actions (``str`` is the code used by buttons, the log and tests):
    play:3S,4H,5D   ``Combo``: play these cards. Cards in canonical order: by Thirteen value,
                    rank first (3 … A, 2), then suit (♠ ♣ ♦ ♥); so the pair of 2s is
                    ``play:2S,2C``. Parsing accepts any order and lower case.
    pass            ``Pass``: pass; not allowed on an empty table.

IllegalAction keys:
    not-your-turn        another seat is to act
    locked-out           this seat passed in this round and waits for the table to clear
    game-over            the match is over
    bad-action           not an action of this game
    not-in-hand          the play uses a card the seat does not hold
    not-a-combination    the cards form no combination
    must-include-lowest  the first play of the match must contain the lowest dealt card
    must-play            passing on an empty table
    must-match-type      the table needs a combination of its own kind and size
    too-low              same kind and size, but the top card is not higher
    bomb-too-weak        a bomb that cannot beat these 2s or this bomb

Observations (§10): ``Public`` (every group screen is drawn from it) holds the shared facts of
``engine.core.Shared`` (``deal`` is the game of the match, ``deals`` the match's length, ``history``
one record per finished game with ``ThirteenDeal`` facts: finishing order, places, tie-break) and
hand sizes, the table with its shape and owner, who passed, this round's and the last round's
plays, the game's plays and played cards, the finishing order so far. ``Observation`` adds the
seat's hand and, to its holder only, the lowest card the first play must contain (with 2 or 3
players the others cannot know it).

``deal`` (tests, puzzles) fixes the first game's hands; a hand may hold 1 to 13 cards, and the
first play must then contain the lowest card dealt.

Cards are engine.cards ints (suit C D H S, rank 2 … A) everywhere outside this module. Inside,
a card set is a bitmask over Thirteen values ``val = 4 * rank_index + suit_index`` (3♠ = bit 0,
2♥ = bit 51): the four cards of a rank are one nibble, so combinations are built nibble by nibble
and "higher top card" is a plain integer comparison. ``Combo.mask`` is such a value mask.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any, ClassVar, NamedTuple

from .build import interpreted
from .cards import CARDS, Card, parse_card, parse_cards
from .core import (
    DealRecord,
    GameBase,
    IllegalAction,
    Seat,
    Shared,
    cards_code,
    deal_rng,
    extend,
    standings,
)
from .describe import seat_line
from .tricks import TrickRecord

# The IllegalAction keys of the docstring: each has a text in every language (tests/test_locales).
REFUSALS = ("not-your-turn", "locked-out", "game-over", "bad-action", "not-in-hand",
            "not-a-combination", "must-include-lowest", "must-play", "must-match-type", "too-low",
            "bomb-too-weak")

# ---------------------------------------------------------------------------------------------
# Card order

def _val(card: int) -> int:
    """Thirteen value of an engine card: engine rank 2..A -> 12, 0..11; suit C D H S -> 1 2 3 0."""
    return 4 * ((card % 13 - 1) % 13) + (card // 13 + 1) % 4


VAL: tuple[int, ...] = tuple(_val(c) for c in range(52))  # engine card -> Thirteen value
CARD_AT: tuple[Card, ...] = tuple(sorted(CARDS, key=_val))  # Thirteen value -> engine card
TWO_RANK = 12
FULL = (1 << 52) - 1


def val_mask(cards: Iterable[int]) -> int:
    """The value mask of engine cards."""
    mask = 0
    for c in cards:
        mask |= 1 << VAL[c]
    return mask


def _card(bit: int) -> Card:
    """The engine card of a one-bit value mask."""
    return CARD_AT[bit.bit_length() - 1]


def cards_in(mask: int) -> tuple[Card, ...]:
    """The engine cards of a value mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(CARD_AT[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


# ---------------------------------------------------------------------------------------------
# Combinations

SINGLE, PAIR, TRIPLE, QUAD, SEQ, DSEQ = 1, 2, 3, 4, 5, 6
KIND_NAMES = {SINGLE: "single", PAIR: "pair", TRIPLE: "triple", QUAD: "quad",
              SEQ: "seq", DSEQ: "dseq"}


class Shape(NamedTuple):
    """A classified combination: kind, length (cards; pairs for a dseq), key (top card value)."""

    kind: int
    length: int
    key: int


def classify(mask: int) -> Shape | None:
    """The shape of a set of cards (§3), or None when it is not a combination."""
    size = mask.bit_count()
    if not size:
        return None
    key = mask.bit_length() - 1
    low = (mask & -mask).bit_length() - 1
    top_rank, low_rank = key >> 2, low >> 2
    if top_rank == low_rank:
        return Shape(size, size, key)  # SINGLE … QUAD equal the card count
    if top_rank == TWO_RANK:
        return None
    span = top_rank - low_rank + 1
    per_rank = size // span
    if per_rank * span != size or per_rank > 2 or span < 3:
        return None
    for r in range(low_rank, top_rank + 1):
        if _NIB_COUNT[mask >> 4 * r & 15] != per_rank:
            return None
    return Shape(SEQ, span, key) if per_rank == 1 else Shape(DSEQ, span, key)


def shape_of(mask: int) -> Shape | None:
    """``classify``, kept for the masks met (tables and plays repeat, and a lookup costs far less
    than classifying); cleared when full."""
    shape = _SHAPES.get(mask, _UNSEEN)
    if shape is _UNSEEN:
        if len(_SHAPES) >= _SHAPES_LIMIT:
            _SHAPES.clear()
        shape = _SHAPES[mask] = classify(mask)
    return shape


_SHAPES: dict[int, Shape | None] = {}
_SHAPES_LIMIT = 1 << 14
_UNSEEN = Shape(-1, -1, -1)


def level(shape: Shape) -> int:
    """How many 2s a bomb may beat: quad 1, dseq of k pairs k - 2; 0 for a non-bomb."""
    if shape.kind == QUAD:
        return 1
    return shape.length - 2 if shape.kind == DSEQ else 0


def beats(new: Shape, old: Shape) -> bool:
    """§4: same kind and length and higher key; a bomb on enough 2s; a higher-level bomb."""
    if new.kind == old.kind and new.length == old.length and new.key > old.key:
        return True
    if old.kind <= TRIPLE and old.key >> 2 == TWO_RANK and level(new) >= old.length:
        return True
    old_level = level(old)
    return old_level > 0 and level(new) > old_level


def shape_name(shape: Shape) -> str:
    """'pair', 'sequence of 4', 'double sequence of 3 pairs', 'four of a kind'."""
    if shape.kind == SEQ:
        return f"sequence of {shape.length}"
    if shape.kind == DSEQ:
        return f"double sequence of {shape.length} pairs"
    return {SINGLE: "single", PAIR: "pair", TRIPLE: "triple", QUAD: "four of a kind"}[shape.kind]


# ---------------------------------------------------------------------------------------------
# Actions


@dataclass(frozen=True, slots=True)
class Combo:
    """Play a combination. ``mask`` is a Thirteen value mask (bit ``VAL[card]`` per card)."""

    mask: int

    def __init__(self, mask: int | str) -> None:
        """Combo("3S,4H") reads the cards: the repr rebuilds the action (an ``__init__``, as
        ``tricks.Play``'s: a compiled int field takes no str)."""
        object.__setattr__(self, "mask", mask if isinstance(mask, int)
                           else val_mask(parse_cards(mask)))

    @property
    def cards(self) -> tuple[Card, ...]:
        """The engine cards, in Thirteen order (lowest first)."""
        return cards_in(self.mask)

    def __str__(self) -> str:
        return cards_code("play", cards_in(self.mask))

    def __repr__(self) -> str:
        return f"Combo({','.join(map(str, cards_in(self.mask)))!r})"


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass, and stay out until the table clears."""

    def __str__(self) -> str:
        return "pass"

    def __repr__(self) -> str:
        return "Pass()"


PASS = Pass()
Action = Combo | Pass


# ---------------------------------------------------------------------------------------------
# State


class LogEntry(NamedTuple):
    """One action of the current game, linked to the one before (a cheap persistent list)."""

    before: LogEntry | None
    seat: Seat
    action: Action


@dataclass(slots=True)
class State:
    """The whole match. Card sets are Thirteen value masks; ``turn`` is -1 when it is over.

    A value: never mutated once built (``apply`` builds a new one). Not frozen only because a
    frozen dataclass of this size takes ten times longer to build, and search builds many."""

    players: int
    seed: int
    match_games: int
    game: int  # 1-based; game g is shuffled by deal_rng(seed, g), the first dealer drawn by 0
    dealer: Seat
    hands: tuple[int, ...]
    dealt: int  # every card dealt this game (the rest of the deck is set aside)
    table: int  # the combination to beat; 0 on an empty table
    owner: Seat  # who played ``table``; -1 on a fresh game
    passed: int  # bit per seat locked out of this round
    turn: Seat
    required: int  # the card the next play must contain (first play of the match), else 0
    played: int  # cards played in this game
    finished: tuple[Seat, ...]  # this game's finishing order so far
    round_log: tuple[tuple[Seat, Action], ...]  # plays and passes of the current round
    last_round: tuple[tuple[Seat, Action], ...]  # the round cleared last
    log: LogEntry | None  # this game's actions, latest first
    totals: tuple[int, ...]  # match place points
    results: tuple[tuple[int, ...], ...]  # place points per finished game
    orders: tuple[tuple[Seat, ...], ...]  # finishing order per finished game, last place last
    closings: tuple[TrickRecord | None, ...]  # the play that ended each finished game

    def __hash__(self) -> int:  # over fields that tell positions apart; equal states agree
        return hash((self.game, self.hands, self.table, self.turn, self.passed, self.totals))


# ---------------------------------------------------------------------------------------------
# Observation


@dataclass(frozen=True, slots=True)
class ThirteenDeal:
    """Thirteen's own facts of a finished game (``DealRecord.facts``); the record's ``results``
    are the place points ``n - place`` of each seat."""

    order: tuple[Seat, ...]  # finishing order: first out first, the one left holding cards last
    places: tuple[int, ...]  # place of each seat in this game, 1 is first out
    tiebreak: bool  # a game played after the match's length because the top was shared (§9)


@interpreted
@dataclass(frozen=True, slots=True, kw_only=True)
class Public(Shared):
    """What a spectator may know (§10): hand sizes, every play with its player, passes, the
    table, the finishing order so far and the match points; never a hand. ``deal`` is the game
    of the match being played, ``deals`` the match's length (``match_games``): a game numbered
    above it is a tie-break game."""

    dealer: Seat
    hand_sizes: tuple[int, ...]
    table: tuple[Card, ...]  # the combination to beat, lowest first; () on an empty table
    table_shape: Shape | None
    table_owner: Seat | None  # who played ``table``
    passed: frozenset[Seat]  # locked out of this round
    first_play: bool  # the next play must contain the lowest dealt card (first of the match)
    round_plays: tuple[tuple[Seat, Action], ...]  # plays and passes of this round, in order
    last_round: tuple[tuple[Seat, Action], ...]  # those of the round cleared last
    plays: tuple[tuple[Seat, Action], ...]  # this game's actions, in order
    played: tuple[Card, ...]  # cards played this game, Thirteen order
    finished: tuple[Seat, ...]  # this game's finishing order so far
    tiebreak: bool  # the game being played is a tie-break game

    def tiebreak_follows(self, number: int) -> bool:
        """Whether a tie-break game was dealt after game ``number``: it was the match's last
        game, or a tie-break game, and the top was still shared (§9)."""
        return self.deals is not None and self.deals <= number < self.deal


@interpreted
@dataclass(frozen=True, slots=True, kw_only=True)
class Observation(Public):
    """What one seat may know: the public view and its own hand."""

    seat: Seat
    hand: tuple[Card, ...]  # own cards, Thirteen order (3 … A, 2; ♠ ♣ ♦ ♥)
    required_card: Card | None  # the card the first play must contain, named to its holder only


# ---------------------------------------------------------------------------------------------
# The game


class Thirteen(GameBase):
    name: ClassVar[str] = "thirteen"
    sizes: ClassVar[tuple[int, ...]] = (2, 3, 4)
    options: ClassVar[dict[str, tuple[int, ...]]] = {"match_games": (1, 3, 5)}
    aliases: ClassVar[tuple[str, ...]] = ("13", "tienlen")

    def new_match(
        self, players: int, seed: int, *, deal: Sequence[str] | None = None, **rules: Any
    ) -> State:
        if players not in self.sizes:
            raise ValueError(f"Thirteen is played by 2, 3 or 4 players, not {players}")
        match_games = rules.pop("match_games", 1)
        dealer = _seat_rule(rules.pop("first_dealer", None), players, "first_dealer")
        leader = _seat_rule(rules.pop("leader", None), players, "leader")
        if rules:
            raise ValueError(f"unknown Thirteen options: {', '.join(sorted(rules))}")
        if type(match_games) is not int or match_games < 1:
            raise ValueError(f"match_games must be a positive integer, not {match_games!r}")
        if dealer is None:
            dealer = deal_rng(seed, 0).randrange(players)  # the first dealer is random (D-5)
        if deal is None:
            hands = _deal(players, dealer, deal_rng(seed, 1))
        else:
            hands = _fixed_hands(deal, players)
        dealt = _union(hands)
        lowest = dealt & -dealt  # 3♠ whenever all 52 cards are dealt
        if leader is None:
            leader = next(s for s in range(players) if hands[s] & lowest)
        else:  # a later game replayed alone: its leader is the last game's winner, free to lead
            lowest = 0
        return State(
            players, seed, match_games, 1, dealer, hands, dealt, 0, -1, 0, leader, lowest, 0, (),
            (), (), None, (0,) * players, (), (), (),
        )

    def to_act(self, state: State) -> frozenset[Seat]:
        return _SEAT_SETS[state.turn] if state.turn >= 0 else frozenset()

    def legal_actions(self, state: State, seat: Seat) -> list[Action]:
        if seat != state.turn:
            return []
        hand = state.hands[seat]
        if not state.table:
            combos = _all_combos(hand)
            if state.required:
                combos = [m for m in combos if m & state.required]
            return _combos(combos)
        old = shape_of(state.table)
        assert old is not None
        actions: list[Action] = [PASS]
        actions += _combos(_beating(hand, old))
        return actions

    def apply(self, state: State, seat: Seat, action: object) -> State:
        # object, not Action: anything else is refused as illegal, compiled (mypyc) or not
        if state.turn < 0:
            raise IllegalAction("the match is over", "game-over")
        if seat != state.turn:
            if state.passed >> seat & 1:
                raise IllegalAction("you passed: wait until the table clears", "locked-out")
            raise IllegalAction(f"seat {state.turn} is to act, not seat {seat}", "not-your-turn")
        if isinstance(action, Pass):
            if not state.table:
                raise IllegalAction("the table is empty: lead a combination", "must-play")
            return _advance(state, seat, action, state.hands, state.passed | 1 << seat)
        if not isinstance(action, Combo):
            raise IllegalAction(f"not a Thirteen action: {action!r}", "bad-action")
        _check_play(state, seat, action.mask)
        hands = list(state.hands)
        hands[seat] &= ~action.mask
        return _advance(state, seat, action, tuple(hands), state.passed)

    def public_observation(self, state: State) -> Public:
        plays = []
        entry = state.log
        while entry is not None:
            plays.append((entry.seat, entry.action))
            entry = entry.before
        plays.reverse()
        over = state.turn < 0
        return Public(
            game=self.name,
            phase="over" if over else "play",
            deal=state.game,
            deals=state.match_games,
            to_act=self.to_act(state),
            standings=standings(state.totals),
            teams=(),
            history=_history(state),
            dealer=state.dealer,
            hand_sizes=tuple(h.bit_count() for h in state.hands),
            table=cards_in(state.table),
            table_shape=classify(state.table),
            table_owner=state.owner if state.table else None,
            passed=frozenset(s for s in range(state.players) if state.passed >> s & 1),
            first_play=bool(state.required),
            round_plays=state.round_log,
            last_round=state.last_round,
            plays=tuple(plays),
            played=cards_in(state.played),
            finished=state.finished,
            tiebreak=state.game > state.match_games,
        )

    def observation(self, state: State, seat: Seat) -> Observation:
        required = state.required & state.hands[seat]
        return extend(Observation, self.public_observation(state), seat=seat,
                      hand=cards_in(state.hands[seat]),
                      required_card=_card(required) if required else None)

    def is_over(self, state: State) -> bool:
        return state.turn < 0

    def parse_action(self, code: str) -> Action:
        if code == "pass":
            return PASS
        if not code.startswith("play:"):
            raise ValueError(f"not a Thirteen action: {code!r}")
        parts = code[5:].split(",")
        cards = [parse_card(p) for p in parts]
        mask = val_mask(cards)
        if mask.bit_count() != len(cards):
            raise ValueError(f"a card twice in {code!r}")
        return _combos([mask])[0]

    # For the invariant tests: every card of the deck, wherever it is now.
    def card_locations(self, state: State) -> list[int]:
        held: list[int] = [c for h in state.hands for c in cards_in(h)]
        return held + list(cards_in(state.played)) + list(cards_in(FULL & ~state.dealt))

    def deck_of(self, state: State) -> list[int]:
        return list(range(52))

    def hands(self, state: State) -> list[list[int]]:
        return [list[int](cards_in(h)) for h in state.hands]

    def describe(self, obs: Observation) -> str:
        """A compact plain-text table for the terminal: seats, table, round, own hand, turn."""
        def who(seat: Seat) -> str:
            return "you" if seat == obs.seat else f"seat {seat}"

        def entry(seat: Seat, action: Action) -> str:
            return f"{who(seat)} " + ("pass" if isinstance(action, Pass) else _faces(action.cards))

        tiebreak = ", tie-break" if obs.tiebreak else ""
        lines = [f"Thirteen, game {obs.deal} of {obs.deals}{tiebreak}, dealer seat {obs.dealer}"]
        for seat in range(len(obs.hand_sizes)):
            state = f"{obs.hand_sizes[seat]:>2} cards"
            if seat in obs.finished:
                state = f"out {_ordinal(obs.finished.index(seat) + 1)}"
            elif seat in obs.passed:
                state += ", passed"
            match = obs.standings.values[seat]
            lines.append(seat_line(seat, obs.seat, obs.to_act, f"{state:<16} match {match}"))
        if obs.last_round:
            lines.append("Last round: " + ", ".join(entry(s, a) for s, a in obs.last_round))
        if obs.table_shape is not None and obs.table_owner is not None:
            lines.append(f"Table: {_faces(obs.table)} ({shape_name(obs.table_shape)}, "
                         f"{who(obs.table_owner)})")
            lines.append("This round: " + ", ".join(entry(s, a) for s, a in obs.round_plays))
        else:
            lines.append("Table: empty")
        lines.append(f"Your hand: {_faces(obs.hand) or '(no cards)'}")
        if not obs.to_act:
            lines += [f"Game {record.number}: " + ", ".join(who(s) for s in record.facts.order)
                      for record in obs.history]
        else:
            verb = "leads" if not obs.table else "beats or passes"
            (turn,) = obs.to_act
            lines.append(f"Turn: {who(turn)} ({verb})")
            if obs.required_card is not None:
                lines.append(f"Your first play must contain {obs.required_card.symbol}")
            elif obs.first_play:
                lines.append("The first play must contain the lowest dealt card")
        return "\n".join(lines)


GAME = Thirteen()


# ---------------------------------------------------------------------------------------------
# Private helpers: text


def _faces(cards: Iterable[Card]) -> str:
    return " ".join(c.symbol for c in cards)


def _ordinal(place: int) -> str:
    return f"{place}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(place, 'th') }"


# ---------------------------------------------------------------------------------------------
# Private helpers: the score sheet


def _history(state: State) -> tuple[DealRecord, ...]:
    """Every finished game as a record: place points, match points after it, its facts."""
    records = []
    totals = (0,) * state.players
    for number, (points, order, last) in enumerate(
            zip(state.results, state.orders, state.closings, strict=True), 1):
        totals = tuple(a + b for a, b in zip(totals, points, strict=True))
        placed = [0] * state.players
        for place, seat in enumerate(order, 1):
            placed[seat] = place
        facts = ThirteenDeal(order, tuple(placed), number > state.match_games)
        records.append(DealRecord(number, points, standings(totals), facts, last))
    return tuple(records)


# ---------------------------------------------------------------------------------------------
# Private helpers: dealing

_SEAT_SETS = tuple(frozenset({s}) for s in range(4))


def _deal(players: int, dealer: Seat, rng: Random) -> tuple[int, ...]:
    """13 cards each, one at a time from next(dealer); the rest of the deck stays undealt."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [0] * players
    for i in range(13 * players):
        hands[(dealer + 1 + i) % players] |= 1 << VAL[deck[i]]
    return tuple(hands)


def deal_rules(state: State) -> dict[str, object]:
    """The keywords of ``new_match`` that, with ``deal=`` the hands of the game being played,
    start a match at this game as it began (its dealer; after the first, its leader, free to
    lead anything): one game replayed alone (engine/paste.py)."""
    if state.game == 1:
        return {"first_dealer": state.dealer}
    return {"first_dealer": state.dealer, "leader": state.turn}


def _seat_rule(value: object, players: int, name: str) -> int | None:
    if value is not None and (type(value) is not int or not 0 <= value < players):
        raise ValueError(f"{name} must be a seat 0..{players - 1}, not {value!r}")
    return value if isinstance(value, int) else None


def _fixed_hands(deal: Sequence[str], players: int) -> tuple[int, ...]:
    if isinstance(deal, str) or len(deal) != players:
        raise ValueError(f"deal needs one hand per seat ({players})")
    hands = []
    seen = 0
    for text in deal:
        mask = val_mask(parse_cards(text))
        count = len(parse_cards(text))
        if mask.bit_count() != count or mask & seen or not 1 <= count <= 13:
            raise ValueError(f"bad hand in deal: {text!r} (1 to 13 distinct cards, no repeats)")
        seen |= mask
        hands.append(mask)
    return tuple(hands)


def _union(hands: Iterable[int]) -> int:
    union = 0
    for h in hands:
        union |= h
    return union


# ---------------------------------------------------------------------------------------------
# Private helpers: playing


def _check_play(state: State, seat: Seat, mask: int) -> None:
    if not mask or mask & ~state.hands[seat]:
        raise IllegalAction("you do not hold these cards", "not-in-hand")
    new = shape_of(mask)
    if new is None:
        raise IllegalAction("these cards are not a combination", "not-a-combination")
    if state.required and not mask & state.required:
        card = _card(state.required).symbol
        raise IllegalAction(f"the first play must contain {card}", "must-include-lowest")
    if not state.table:
        return
    old = shape_of(state.table)
    assert old is not None
    if beats(new, old):
        return
    if new.kind == old.kind and new.length == old.length:
        raise IllegalAction("your top card must be higher", "too-low")
    if level(new) and (level(old) or (old.kind <= TRIPLE and old.key >> 2 == TWO_RANK)):
        raise IllegalAction("this bomb is not strong enough", "bomb-too-weak")
    raise IllegalAction(f"play a higher {shape_name(old)}", "must-match-type")


def _advance(
    state: State, seat: Seat, action: Action, hands: tuple[int, ...], passed: int
) -> State:
    """§5.2: the state after ``seat``'s action; clears the table, ends the game or the match."""
    n = state.players
    log = LogEntry(state.log, seat, action)
    round_log = state.round_log + ((seat, action),)
    table, owner, played, finished = state.table, state.owner, state.played, state.finished
    if isinstance(action, Combo):
        table, owner, played = action.mask, seat, played | action.mask
        if not hands[seat]:
            finished = finished + (seat,)
    active = [s for s in range(n) if hands[s]]
    if len(active) <= 1:
        return _end_game(state, hands, played, finished + tuple(active), round_log, log)
    turn = _next_to_beat(hands, passed, owner, seat, n)
    last_round = state.last_round
    if turn < 0:  # nobody may beat the table: clear it
        turn = owner if hands[owner] else next(
            (owner + step) % n for step in range(1, n) if hands[(owner + step) % n])
        table, passed, last_round, round_log = 0, 0, round_log, ()
    return State(
        n, state.seed, state.match_games, state.game, state.dealer, hands, state.dealt, table,
        owner, passed, turn, 0, played, finished, round_log, last_round, log, state.totals,
        state.results, state.orders, state.closings,
    )


def _end_game(
    state: State,
    hands: tuple[int, ...],
    played: int,
    order: tuple[Seat, ...],
    round_log: tuple[tuple[Seat, Action], ...],
    log: LogEntry,
) -> State:
    """Score the game (place points n - place) and deal the next one unless the match is over."""
    n = state.players
    points = [0] * n
    for place, s in enumerate(order):
        points[s] = n - 1 - place
    totals = tuple(t + p for t, p in zip(state.totals, points, strict=True))
    results = (*state.results, tuple(points))
    orders = (*state.orders, order)
    # the play that emptied a hand and ended the game (a Combo), as a trick its player took
    cards = log.action.cards if isinstance(log.action, Combo) else ()
    closings = (*state.closings,
                TrickRecord(log.seat, tuple((log.seat, card) for card in cards), log.seat))
    top = max(totals)
    over = len(results) >= state.match_games and totals.count(top) == 1
    if over:
        return State(
            n, state.seed, state.match_games, state.game, state.dealer, hands, state.dealt, 0, -1,
            0, -1, 0, played, order, (), round_log, log, totals, results, orders, closings,
        )
    game, dealer, leader = state.game + 1, order[-1], order[0]
    hands = _deal(n, dealer, deal_rng(state.seed, game))
    return State(
        n, state.seed, state.match_games, game, dealer, hands, _union(hands), 0, -1, 0, leader,
        0, 0, (), (), (), None, totals, results, orders, closings,
    )


# ---------------------------------------------------------------------------------------------
# Private helpers: generating combinations by kind (§6 allows this instead of all subsets)


def _subsets_by_size(nibble: int) -> tuple[tuple[int, ...], ...]:
    subs: list[list[int]] = [[] for _ in range(5)]
    for sub in range(1, 16):
        if sub & nibble == sub:
            subs[sub.bit_count()].append(sub)
    return tuple(tuple(s) for s in subs)


_NIB_COUNT = tuple(n.bit_count() for n in range(16))
# _SUBS[rank][nibble][k]: the k-card subsets of that rank's cards, already shifted into place.
_SUBS: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...] = tuple(
    tuple(tuple(tuple(s << 4 * r for s in group) for group in _subsets_by_size(nib))
          for nib in range(16))
    for r in range(13)
)


def _sets(hand: int, size: int, above: int, out: list[int]) -> None:
    """Cards of one rank, ``size`` of them, whose mask is above ``above`` (i.e. higher key)."""
    first = above.bit_length() >> 2  # lower ranks cannot be above
    hand >>= 4 * first
    for r in range(first, 13):
        nib = hand & 15
        hand >>= 4
        if _NIB_COUNT[nib] >= size:
            if r == first:
                out.extend([m for m in _SUBS[r][nib][size] if m > above])
            else:
                out.extend(_SUBS[r][nib][size])


def _runs(hand: int, width: int, shortest: int, longest: int, above: int, out: list[int]) -> None:
    """Runs of consecutive ranks below the 2s, ``width`` cards of each rank (1: seq, 2: dseq),
    of ``shortest``..``longest`` ranks, whose mask is above ``above``."""
    choices = [_SUBS[r][hand >> 4 * r & 15][width] for r in range(TWO_RANK)]
    first = max(0, (above.bit_length() >> 2) - longest + 1)  # runs ending lower cannot be above
    for start in range(first, TWO_RANK - shortest + 1):
        partial = [0]
        for r in range(start, min(start + longest, TWO_RANK)):
            if not choices[r]:
                break
            partial = [p | c for p in partial for c in choices[r]]
            if r - start + 1 < shortest:
                continue
            if above:
                out.extend([p for p in partial if p > above])
            else:
                out.extend(partial)


_COMBO_CACHE: dict[int, Combo] = {}
_COMBO_CACHE_LIMIT = 1 << 17  # cleared when full: long runs stay bounded, common combos return


def _combos(masks: list[int]) -> list[Action]:
    """The Combo actions of value masks, shared instead of rebuilt (building them is most of the
    cost of listing a lead's combinations)."""
    cache = _COMBO_CACHE
    out: list[Action] = []
    for m in masks:
        combo = cache.get(m)
        if combo is None:
            if len(cache) >= _COMBO_CACHE_LIMIT:
                cache.clear()
            combo = cache[m] = Combo(m)
        out.append(combo)
    return out


def _all_combos(hand: int) -> list[int]:
    # the sets of every size from one pass over the ranks, listed as _sets lists them: by size,
    # then rank (a pass a size cost more)
    by_size: tuple[list[int], ...] = ([], [], [], [], [])
    for r in range(13):
        nib = hand >> 4 * r & 15
        if nib:
            subsets = _SUBS[r][nib]
            for size in range(1, _NIB_COUNT[nib] + 1):
                by_size[size].extend(subsets[size])
    out = by_size[1] + by_size[2] + by_size[3] + by_size[4]
    _runs(hand, 1, 3, 12, 0, out)
    _runs(hand, 2, 3, 6, 0, out)
    return out


def _beating(hand: int, old: Shape) -> list[int]:
    """Value masks of the combinations in ``hand`` that beat ``old`` (§4), generated by kind."""
    out: list[int] = []
    above = (2 << old.key) - 1  # a mask above this one has a higher top card
    kind, length = old.kind, old.length
    if kind == SEQ:
        _runs(hand, 1, length, length, above, out)
    elif kind == DSEQ:
        _runs(hand, 2, length, length, above, out)
        _runs(hand, 2, length + 1, 6, 0, out)  # higher level
    else:
        _sets(hand, kind, above, out)  # kinds SINGLE … QUAD are their sizes
        if kind == QUAD:
            _runs(hand, 2, 4, 6, 0, out)  # level 2+
        elif old.key >> 2 == TWO_RANK:  # 1, 2 or 3 twos: bombs of level >= that many
            if kind == SINGLE:
                _sets(hand, 4, 0, out)
            _runs(hand, 2, kind + 2, 6, 0, out)
    return out


# ---------------------------------------------------------------------------------------------
# Fast rollout for searching players


_PAIRS_IN = (0, 0, 1, 3, 6)  # pairs among 0..4 cards of a rank


def _run_counts(sizes: list[int]) -> list[int]:
    """Per start rank, how many runs of 3 or more ranks start there, each rank offering
    ``sizes[r]`` choices. ``reach`` sums the products over every end: reach(s) = sizes[s] *
    (1 + reach(s + 1)); the runs of one and two ranks are then taken off. No length limit
    binds: 13 cards hold at most 6 consecutive pairs, and there are 12 ranks below the 2s."""
    counts = [0] * (TWO_RANK - 2)
    reach = 0
    for start in range(TWO_RANK - 1, -1, -1):
        size = sizes[start]
        after = reach
        reach = size * (1 + reach)
        if start < TWO_RANK - 2 and size:
            counts[start] = size * (after - sizes[start + 1])
    return counts


def _random_lead(hand: int, draw: float) -> int:
    """``_all_combos(hand)[int(draw * len(...))]`` without listing them: the combinations are
    counted by kind (sets per size and rank, runs per start and length) in that order and the
    chosen one is built alone."""
    nibs = [hand >> 4 * r & 15 for r in range(13)]
    counts = [_NIB_COUNT[n] for n in nibs]
    singles = counts[:TWO_RANK]
    pairs = [_PAIRS_IN[c] for c in singles]
    seqs, dseqs = _run_counts(singles), _run_counts(pairs)
    total = sum((1 << c) - 1 for c in counts) + sum(seqs) + sum(dseqs)
    index = int(draw * total)
    for size in (1, 2, 3, 4):
        for r in range(13):
            subs = _SUBS[r][nibs[r]][size]
            if index < len(subs):
                return subs[index]
            index -= len(subs)
    for width, longest, starts in ((1, 12, seqs), (2, 6, dseqs)):
        for start in range(TWO_RANK - 2):
            if index >= starts[start]:
                index -= starts[start]
                continue
            product = 1
            for end in range(start, start + longest):  # ends in order, shortest first
                product *= len(_SUBS[end][nibs[end]][width])
                if end - start < 2:
                    continue
                if index < product:
                    mask = 0
                    for r in range(end, start - 1, -1):  # the last rank varies fastest
                        choices = _SUBS[r][nibs[r]][width]
                        index, pick = divmod(index, len(choices))
                        mask |= choices[pick]
                    return mask
                index -= product
    raise AssertionError("no lead")


def rollout(state: State, rng: Random) -> tuple[int, ...]:
    """Place points of the current game after uniformly random legal play to its end. Ints in,
    ints out: no State, Combo or log is built. Each choice is ``int(rng.random() * k)`` over the
    legal actions in ``legal_actions``' order (Pass first on a table), so the same generator
    gives the same game as random play through ``apply`` does; a lead is drawn from the
    combinations counted by kind (``_random_lead``), not listed. From a finished match: the
    last game's points."""
    if state.turn < 0:
        return state.results[-1]
    n = state.players
    hands = list(state.hands)
    table, owner, passed, turn = state.table, state.owner, state.passed, state.turn
    required = state.required
    finished = list(state.finished)
    rand = rng.random
    active = sum(1 for h in hands if h)
    while True:
        hand = hands[turn]
        if not table:
            if required:  # the first play of the match: list them
                options = [m for m in _all_combos(hand) if m & required]
                required = 0
                mask = options[int(rand() * len(options))]
            else:
                mask = _random_lead(hand, rand())
        else:
            old = shape_of(table)
            assert old is not None
            options = _beating(hand, old)
            pick = int(rand() * (len(options) + 1))
            mask = options[pick - 1] if pick else 0
        seat = turn
        if mask:
            hand ^= mask
            hands[seat], table, owner = hand, mask, seat
            if not hand:
                finished.append(seat)
                active -= 1
                if active <= 1:
                    break
        else:
            passed |= 1 << seat
        turn = _next_to_beat(hands, passed, owner, seat, n)
        if turn < 0:
            turn = owner
            while not hands[turn]:
                turn = (turn + 1) % n
            table, passed = 0, 0
    order = finished + [s for s in range(n) if hands[s]]
    points = [0] * n
    for place, s in enumerate(order):
        points[s] = n - 1 - place
    return tuple(points)


def _next_to_beat(hands: Sequence[int], passed: int, owner: int, seat: int, n: int) -> int:
    """The next seat after ``seat`` that still holds cards, has not passed this round and does
    not own the table; -1 when nobody may beat it (the table is cleared)."""
    for step in range(1, n):
        s = (seat + step) % n
        if hands[s] and not passed >> s & 1 and s != owner:
            return s
    return -1


def world(obs: Observation, hands: Sequence[int]) -> State:
    """For search: a State whose observation for ``obs.seat`` is ``obs``, with ``hands`` (value
    masks, one per seat; the seat's own must be its hand). The cards not in ``hands`` nor played
    are the undealt ones. The seed is hidden from every seat, so it is 0: it only shuffles the
    later games of the match, never the one being played."""
    played = val_mask(obs.played)
    dealt = _union(hands) | played
    log = None
    for seat, action in obs.plays:
        log = LogEntry(log, seat, action)
    turn = next(iter(obs.to_act), -1)
    owner = obs.table_owner if obs.table_owner is not None else -1
    passed = sum(1 << s for s in obs.passed)
    return State(
        len(hands), 0, obs.deals or 1, obs.deal, obs.dealer, tuple(hands), dealt,
        val_mask(obs.table), owner, passed, turn, dealt & -dealt if obs.first_play else 0, played,
        obs.finished, obs.round_plays, obs.last_round, log, obs.standings.values,
        tuple(r.results for r in obs.history), tuple(r.facts.order for r in obs.history),
        tuple(r.last_trick for r in obs.history),
    )
