"""Hearts («Սրտեր»), per ``shared/rules/hearts.md`` §1–8 and §12 (seed 003).

Rules options (keyword arguments of ``new_match``):
    target   the match ends after a deal that leaves someone at or above it (default 100)
    passing  False plays every deal without passing (default True: left, right, across, none)
    first_deal, first_dealer   start at a later deal (its number, its pass) with that dealer
             (default 1 and drawn from the seed): one deal replayed alone (``engine/paste.py``)

Phases: ``pass`` (all four choose three cards at once; the exchange happens when the last one has
chosen) → ``play`` (13 tricks) → the next deal's ``pass`` or ``play``, or ``over``.

Action codes:
    pass:2C,3C,4C   pass these three cards (sorted); one per seat, in any order, not revocable
    play:QS         play a card to the trick

IllegalAction keys: not-your-turn, game-over, bad-action (wrong kind of action for the phase),
not-in-hand, must-lead-two-clubs, must-follow-suit, no-points-first-trick, hearts-not-broken,
pass-too-few (details: missing, chosen), pass-too-many (details: extra).

Tie for the lowest score at the end: extra deals (the pass cycle goes on) until one lowest score, at
most 20 of them, then those still tied share the win [D-8, D-11].
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from operator import add
from typing import ClassVar, Final, overload

from .build import interpreted
from .cards import (
    CARDS,
    SUIT_BITS,
    SUIT_COUNTS,
    SUIT_MASKS,
    SUIT_RANKS,
    Card,
    cards_of,
    format_cards,
    mask_of,
    parse_card,
    parse_cards,
)
from .core import (
    DealRecord,
    GameBase,
    IllegalAction,
    Shared,
    cards_code,
    deal_rng,
    extend,
    match_rng,
    standings,
)
from .core import first_dealer as drawn_dealer
from .tricks import (
    PLAYS,
    RANK_BITS,
    SUIT_PLAYS,
    Play,
    TrickRecord,
    cards_in,
    deal_hands,
    parse_hands,
    plays_of,
    seated,
    suit_plays,
    trick_record,
)

# Constants are Final: a module compiled by mypyc reads them as C statics, not from its dict.
# The IllegalAction keys of the docstring: each has a text in every language (tests/test_locales).
REFUSALS = ("not-your-turn", "game-over", "bad-action", "not-in-hand", "must-lead-two-clubs",
            "must-follow-suit", "no-points-first-trick", "hearts-not-broken", "pass-too-few",
            "pass-too-many")

PASS_OFFSETS: Final = (0, 1, 3, 2)  # by round % 4: none, left (s+1), right (s+3), across (s+2)
MOON: Final = tuple(tuple(0 if seat == moon else 26 for seat in range(4)) for moon in range(4))
RECEIVED_FROM: Final = tuple(tuple((seat - offset) % 4 for seat in range(4)) for offset in range(4))
PASS_NAMES = {0: "none", 1: "left", 3: "right", 2: "across"}
TIEBREAK_CAP: Final = 20

HEARTS: Final = SUIT_MASKS[2]
QUEEN_SPADES: Final = 3 * 13 + 10
QS_BIT: Final = 1 << QUEEN_SPADES
TWO_CLUBS: Final = 0
TC_BIT: Final = 1
POINT_CARDS: Final = HEARTS | QS_BIT
# FOLLOWERS[leader][played]: the seats still to play to a trick ``leader`` led, ``played`` cards in
FOLLOWERS: Final = tuple(
    tuple(tuple((lead + i) % 4 for i in range(max(n, 1), 4)) for n in range(4))
    for lead in range(4))
LED_TOPS: Final = tuple(13 * (c // 13) + 13 for c in range(52))  # one past the top of a card's suit
LED_MASKS: Final = tuple(SUIT_MASKS[c // 13] for c in range(52))  # the suit a card leads, as a mask
BIT: Final = tuple(1 << c for c in range(52))
CARD_POINTS: Final = tuple(1 if 26 <= c < 39 else 13 if c == QUEEN_SPADES else 0 for c in range(52))


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass three cards: ``pass:2C,3C,4C``. ``cards`` is a bitmask of the three (a code of
    fewer or more reads too, and ``apply`` refuses it saying how many are missing)."""

    cards: int

    def __init__(self, cards: int | str) -> None:
        """Pass("2C 3C 4C") reads the cards: the repr rebuilds the action. An ``__init__`` of
        its own, not a ``__post_init__``: a compiled field typed int takes no str."""
        object.__setattr__(self, "cards", cards if isinstance(cards, int)
                           else mask_of(parse_cards(cards)))

    def __str__(self) -> str:
        return cards_code("pass", cards_of(self.cards))

    def __repr__(self) -> str:
        return f"Pass({format_cards(cards_of(self.cards))!r})"


Action = Pass | Play
# Every possible pass, built once (22,100 of them): listing a hand's 286 passes is then lookups.
PASSES: Final[dict[int, Pass]] = {
    m: Pass(m) for m in (1 << a | 1 << b | 1 << c for a, b, c in combinations(range(52), 3))}


class PassChoices(Sequence[Pass]):
    """The 286 passes of a 13-card hand, made only when asked for: listing them all would cost
    more than playing the rest of the deal."""

    __slots__ = ("_plays", "hand")

    def __init__(self, hand: int) -> None:
        self.hand = hand
        self._plays: tuple[Play, ...] = ()  # the hand's cards, lowest first: at the first lookup

    def __len__(self) -> int:
        return len(_TRIPLES[self.hand.bit_count()])

    @overload
    def __getitem__(self, index: int) -> Pass: ...
    @overload
    def __getitem__(self, index: slice) -> list[Pass]: ...
    def __getitem__(self, index: int | slice) -> Pass | list[Pass]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        plays = self._plays
        if not plays:
            plays = self._plays = plays_of(self.hand)
        a, b, c = _TRIPLES[len(plays)][index]
        return PASSES[1 << plays[a].card | 1 << plays[b].card | 1 << plays[c].card]

    def __contains__(self, action: object) -> bool:
        return (isinstance(action, Pass) and action.cards.bit_count() == 3
                and not action.cards & ~self.hand)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    def __hash__(self) -> int:
        return hash(self.hand)

    def __repr__(self) -> str:
        return f"PassChoices({format_cards(cards_of(self.hand))!r})"


_TRIPLES: Final = {n: tuple(combinations(range(n), 3)) for n in range(14)}


class Match:
    """What stays fixed while a deal is played: the rules, the deal's number and dealer, the
    cards dealt and passed, the score sheet. A State shares it with the states before it and
    copies it only to change it (a pass, the end of a deal), so playing a card copies less.
    ``records`` memoises the finished deals' records (``_history``), which the public view asks
    for after every move: not a field (no part of equality), and writing it changes no fact."""

    __slots__ = ("target", "passing", "seed", "first", "round", "dealer", "dealt", "passed",
                 "received", "scores", "results", "closings", "tiebreaks", "records")

    target: int
    passing: bool
    seed: int
    first: int  # the first deal's number: 1, or a deal replayed alone's own (engine/paste.py)
    round: int  # 1-based deal number
    dealer: int
    dealt: tuple[int, ...]
    passed: tuple[int, ...]  # the three cards each seat chose, 0 until chosen
    received: tuple[int, ...]
    scores: tuple[int, ...]
    results: tuple[tuple[int, ...], ...]  # points of every finished deal
    # the last trick of every finished deal, as ``tricks`` keeps it: a record when one is viewed
    closings: tuple[tuple[int, tuple[int, ...], int] | None, ...]
    tiebreaks: int
    # (results, target, passing) the records were built from, and the records
    records: tuple[tuple[tuple[int, ...], ...], int, bool, tuple[DealRecord, ...]] | None

    def copy(self) -> Match:
        # No __init__: Match() is an empty one, filled one slot a statement (a tuple
        # assignment builds a tuple); cheaper than object.__new__(Match), which a class
        # compiled by mypyc refuses.
        new = Match()
        new.target = self.target
        new.passing = self.passing
        new.seed = self.seed
        new.first = self.first
        new.round = self.round
        new.dealer = self.dealer
        new.dealt = self.dealt
        new.passed = self.passed
        new.received = self.received
        new.scores = self.scores
        new.results = self.results
        new.closings = self.closings
        new.tiebreaks = self.tiebreaks
        new.records = self.records
        return new

    def values(self) -> tuple[object, ...]:
        """The fields, all but the memo (written out: a compiled class has no ``__slots__``)."""
        return (self.target, self.passing, self.seed, self.first, self.round, self.dealer,
                self.dealt, self.passed, self.received, self.scores, self.results, self.closings,
                self.tiebreaks)


class State:
    """One whole match. Never mutated once ``apply`` has returned it.

    A hand is ``start[seat] & ~gone``: the hands as play (or the pass) began, less the cards
    played since, so playing a card changes one int instead of rebuilding the hands.

    A deal that opens with a pass is shuffled when something first asks for a hand (``start``
    is () until then, see ``_dealt``): the move that ends a deal does not pay for the next one
    where nobody looks at it (a rollout's caller, a bench), and nothing else tells."""

    __slots__ = ("phase", "start", "gone", "trick", "leader", "broken", "taken", "tricks",
                 "match")

    phase: str  # "pass", "play", "over"
    start: tuple[int, ...]  # card masks: each hand when the deal (or, after a pass, play) began
    gone: int  # the cards played this deal
    trick: tuple[int, ...]  # cards played to the current trick, in order from ``leader``
    leader: int
    broken: bool  # a heart has been played this deal
    taken: tuple[int, ...]  # cards won this deal, per seat
    tricks: tuple[tuple[int, tuple[int, ...], int], ...]  # (leader, cards, winner) this deal
    match: Match

    # The Match's fields, read through the state. Written out, not made by a function: a
    # compiled (mypyc) class takes only properties it defines itself. Written through
    # ``set_match``, which copies the shared Match first.
    @property
    def target(self) -> int:
        return self.match.target

    @property
    def passing(self) -> bool:
        return self.match.passing

    @property
    def seed(self) -> int:
        return self.match.seed

    @property
    def round(self) -> int:
        return self.match.round

    @property
    def dealer(self) -> int:
        return self.match.dealer

    @property
    def dealt(self) -> tuple[int, ...]:
        return _dealt(self)

    @property
    def passed(self) -> tuple[int, ...]:
        return self.match.passed

    @property
    def received(self) -> tuple[int, ...]:
        return self.match.received

    @property
    def scores(self) -> tuple[int, ...]:
        return self.match.scores

    @property
    def results(self) -> tuple[tuple[int, ...], ...]:
        return self.match.results

    @property
    def tiebreaks(self) -> int:
        return self.match.tiebreaks

    def set_match(self, **fields: object) -> None:
        """Change Match fields for this state only (tests, benches: a position set up by
        hand): a state built from another shares its Match, which must not change."""
        _dealt(self)  # dealt from the Match as it was
        self.match = match = self.match.copy()
        for name, value in fields.items():
            setattr(match, name, value)

    @property
    def hands(self) -> tuple[int, ...]:
        gone = self.gone
        return tuple(h & ~gone for h in _dealt(self))

    @hands.setter
    def hands(self, hands: tuple[int, ...]) -> None:
        self.start, self.gone = tuple(hands), 0

    def copy(self) -> State:
        new = State()
        new.phase = self.phase
        new.start = self.start
        new.gone = self.gone
        new.trick = self.trick
        new.leader = self.leader
        new.broken = self.broken
        new.taken = self.taken
        new.tricks = self.tricks
        new.match = self.match
        return new

    def _values(self) -> tuple[object, ...]:
        return (self.phase, self.hands, self.trick, self.leader, self.broken, self.taken,
                self.tricks, self.match.values())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self._values() == other._values()

    def __hash__(self) -> int:
        return hash((self.round, self.hands, self.trick, self.scores))

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % 4

    @property
    def pass_offset(self) -> int:
        return PASS_OFFSETS[self.match.round % 4] if self.match.passing else 0



@dataclass(frozen=True, slots=True)
class HeartsDeal:
    """Hearts' own facts of a finished deal (``DealRecord.facts``)."""

    moon: int | None  # the seat that took all 26 points, if one did
    pass_direction: str  # left, right, across, none
    tiebreak: bool  # an extra deal played because the lowest score was shared


@interpreted
@dataclass(frozen=True, slots=True, kw_only=True)
class Public(Shared):
    """What a spectator may know (spec §6): everything played, never a hand or a pass."""

    dealer: int
    pass_direction: str  # left, right, across, none
    chosen: frozenset[int]  # seats that have chosen their pass (not which cards)
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[TrickRecord, ...]  # finished tricks of this deal
    hearts_broken: bool
    points: tuple[int, ...]  # taken so far this deal (before the moon rule)
    target: int
    hand_sizes: tuple[int, ...]  # cards each seat holds (13 until the passes are exchanged)

    @property
    def last_trick(self) -> TrickRecord | None:
        return self.tricks[-1] if self.tricks else None


@interpreted
@dataclass(frozen=True, slots=True, kw_only=True)
class Observation(Public):
    """What one seat may know: the public view, its own hand and its own passes."""

    seat: int
    hand: tuple[Card, ...]
    passed: tuple[Card, ...]  # the three this seat passed (it knows where they went)
    received: tuple[Card, ...]  # after the exchange


class Hearts(GameBase):
    name: ClassVar[str] = "hearts"
    sizes: ClassVar[tuple[int, ...]] = (4,)
    low_wins: ClassVar[bool] = True  # the fewest points win
    private_fields: ClassVar[tuple[str, ...]] = ("passed",)  # known to this seat by right
    options: ClassVar[dict[str, tuple[int, ...]]] = {"target": (100, 50)}
    aliases: ClassVar[tuple[str, ...]] = ()
    most_chosen: ClassVar[int | None] = 3  # a pass: a fourth card fits none

    def new_match(self, players: int, seed: int, *, deal: Sequence[str] | None = None,
                  target: int = 100, passing: bool | int = True, first_deal: int = 1,
                  first_dealer: int | None = None) -> State:
        """``first_deal`` and ``first_dealer`` start the match at a later deal (its pass, its
        number), with that dealer: one deal replayed alone (engine/paste.py), whose text gives
        ``passing`` as 0 or 1 (an int, which the compiled build refuses for a bool)."""
        if players != 4:
            raise ValueError("Hearts is played by exactly 4 players")
        if target < 1:
            raise ValueError("target must be positive")
        if type(first_deal) is not int or first_deal < 1:
            raise ValueError(f"first_deal must be a deal number from 1, not {first_deal!r}")
        if first_dealer is not None and first_dealer not in range(4):
            raise ValueError(f"first_dealer must be a seat 0-3, not {first_dealer!r}")
        m = Match()
        m.target, m.passing, m.seed = target, bool(passing), seed
        m.scores, m.results, m.closings, m.tiebreaks, m.records = (0, 0, 0, 0), (), (), 0, None
        m.dealer = drawn_dealer(seed, 4) if first_dealer is None else first_dealer
        m.first = m.round = first_deal
        s = State()
        s.match = m
        hands = parse_hands(deal, range(52)) if deal is not None else _shuffle(seed, m.round, m.dealer)
        _start_deal(s, hands)
        return s

    def to_act(self, state: State) -> frozenset[int]:
        if state.phase == "play":
            return _SEATS[(state.leader + len(state.trick)) % 4]
        if state.phase == "pass":
            p = state.match.passed
            return _WAITING[(not p[0]) | (not p[1]) << 1 | (not p[2]) << 2 | (not p[3]) << 3]
        return frozenset()

    def legal_actions(self, state: State, seat: int) -> Sequence[Action]:
        """A cached tuple of plays (a hand's plays of one suit are built once), or the passes."""
        if state.phase == "play":
            trick = state.trick
            if seat != (state.leader + len(trick)) % 4:
                return []
            if trick:
                led = trick[0] // 13
                follow = (state.start[seat] & ~state.gone) >> 13 * led & RANK_BITS
                if follow:
                    return SUIT_PLAYS[led][follow] or suit_plays(led, follow)
            elif not state.tricks:
                return OPENING
            return plays_of(legal_mask(state, seat))
        if state.phase == "pass" and not state.match.passed[seat]:
            return PassChoices(_dealt(state)[seat])
        return []

    def apply(self, state: State, seat: int, action: object) -> State:
        """A new state; ``state`` is left as it was."""
        # object, not Action: anything else is refused as illegal, compiled (mypyc) or not
        if state.phase == "play" and type(action) is Play:
            return _play(state, seat, action.card)
        if state.phase == "pass" and type(action) is Pass:
            return _pass(state, seat, action.cards)
        if state.phase == "over":
            raise IllegalAction("the match is over", "game-over")
        raise IllegalAction(f"{action} is not an action of the {state.phase} phase", "bad-action")

    def public_observation(self, state: State) -> Public:
        m = state.match
        return Public(
            game=self.name, phase=state.phase, deal=m.round, deals=None,
            to_act=self.to_act(state), standings=standings(m.scores, low_wins=True),
            teams=(), history=_history(state),
            dealer=m.dealer, pass_direction=PASS_NAMES[state.pass_offset],
            chosen=frozenset(i for i in range(4) if m.passed[i]),
            trick=seated(state.leader, state.trick),
            tricks=tuple(map(trick_record, state.tricks)),
            hearts_broken=state.broken,
            points=tuple(_points(m) for m in state.taken),
            target=m.target,
            hand_sizes=tuple(h.bit_count() for h in state.hands),
        )

    def observation(self, state: State, seat: int) -> Observation:
        return extend(Observation, self.public_observation(state), seat=seat,
                      hand=tuple(cards_of(_dealt(state)[seat] & ~state.gone)),
                      passed=tuple(cards_of(state.match.passed[seat])),
                      received=tuple(cards_of(state.match.received[seat])))

    def scores(self, state: State) -> tuple[int, ...]:
        return state.match.scores

    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def parse_action(self, code: str) -> Action:
        kind, _, rest = code.partition(":")
        if kind == "play":
            return PLAYS[parse_card(rest)]
        if kind == "pass":
            cards = parse_cards(rest)
            if len(set(cards)) != len(cards):
                raise ValueError(f"a pass is of different cards: {code!r}")
            # Too few or too many cards still read: ``apply`` refuses them saying how many are
            # missing, which a player confirming 2 of 3 needs to hear (not "cannot read").
            return PASSES.get(mask_of(cards)) or Pass(mask_of(cards))
        raise ValueError(f"not a Hearts action: {code!r}")

    # For the invariant tests: every card of the deal, wherever it is now.
    def card_locations(self, state: State) -> list[int]:
        return cards_in(state.hands, state.taken) + list(state.trick)

    def deck_of(self, state: State) -> list[int]:
        return list(range(52))

    def hands(self, state: State) -> list[list[int]]:
        return [list(cards_of(m)) for m in state.hands]

    def describe(self, obs: Observation) -> str:
        """Plain text for the terminal table."""
        from .describe import hand_lines, seat_line
        lines = [f"Hearts, deal {obs.deal}, pass {obs.pass_direction}, phase {obs.phase}"
                 + ("; hearts broken" if obs.hearts_broken else "")]
        totals = obs.standings.values
        lines += [seat_line(i, obs.seat, obs.to_act, f"deal {obs.points[i]:>2}  match {totals[i]:>3}")
                  for i in range(4)]
        if obs.tricks:
            last = obs.tricks[-1]
            shown = " ".join(f"{s}:{c.symbol}" for s, c in last.cards)
            lines.append(f"Last trick: {shown}  -> seat {last.winner}")
        if obs.trick:
            lines.append("Trick: " + " ".join(f"{s}:{c.symbol}" for s, c in obs.trick))
        if obs.received:
            lines.append("Received: " + " ".join(c.symbol for c in obs.received))
        lines += hand_lines(obs.hand)
        return "\n".join(lines)


GAME = Hearts()
OPENING: Final = (PLAYS[TWO_CLUBS],)  # the first lead of a deal
_SEATS: Final = tuple(frozenset((i,)) for i in range(4))
_WAITING: Final = tuple(frozenset(i for i in range(4) if bits >> i & 1) for bits in range(16))


def legal_mask(state: State, seat: int) -> int:
    """Spec §3.1 as a bitmask of the cards ``seat`` may play now."""
    hand = state.start[seat] & ~state.gone
    trick = state.trick
    first = not state.tricks
    if trick:
        follow = hand & LED_MASKS[trick[0]]
        if follow:
            return follow
        if first:
            return (hand & ~POINT_CARDS) or hand
        return hand
    if first:
        return TC_BIT
    if state.broken:
        return hand
    return (hand & ~HEARTS) or hand


def _play(state: State, seat: int, card: int) -> State:
    trick = state.trick
    leader = state.leader
    if seat != (leader + len(trick)) % 4:
        raise IllegalAction(f"seat {seat} is not to play", "not-your-turn")
    bit = 1 << card
    # following suit is always legal; anything else asks the whole rule
    if not (trick and state.start[seat] & ~state.gone & bit & LED_MASKS[trick[0]]) \
            and not legal_mask(state, seat) & bit:
        raise IllegalAction(f"{CARDS[card]} may not be played now", _why_illegal(state, seat, card))
    # one slot a statement: a tuple assignment of several would build and unpack a tuple
    s = State()
    s.phase = "play"
    s.start = state.start
    s.gone = state.gone | bit
    s.match = state.match
    s.broken = state.broken or 26 <= card < 39  # a heart
    if len(trick) < 3:
        s.trick = trick + (card,)
        s.leader = leader
        s.taken = state.taken
        s.tricks = state.tricks
        return s
    # the winner: the highest card of the led suit (no trump), the suit's cards under ``top``
    first, second, third = trick
    top = LED_TOPS[first]
    best, won = first, 0
    if best < second < top:
        best, won = second, 1
    if best < third < top:
        best, won = third, 2
    if best < card < top:
        won = 3
    winner = (leader + won) % 4
    taken = list(state.taken)
    taken[winner] |= BIT[first] | BIT[second] | BIT[third] | bit
    s.taken = tuple(taken)
    s.tricks = tricks = state.tricks + ((leader, trick + (card,), winner),)
    s.trick = ()
    s.leader = winner
    if len(tricks) == 13:
        _end_deal(s)
    return s


def _why_illegal(state: State, seat: int, card: int) -> str:
    hand = state.start[seat] & ~state.gone
    if not hand >> card & 1:
        return "not-in-hand"
    if not state.trick:
        return "must-lead-two-clubs" if not state.tricks else "hearts-not-broken"
    if hand & SUIT_MASKS[state.trick[0] // 13]:
        return "must-follow-suit"
    return "no-points-first-trick"


def _pass(state: State, seat: int, cards: int) -> State:
    m = state.match
    if not 0 <= seat < 4 or m.passed[seat]:
        raise IllegalAction(f"seat {seat} has already passed", "not-your-turn")
    if cards & ~_dealt(state)[seat]:
        raise IllegalAction("pass three cards of your own hand", "not-in-hand")
    if cards.bit_count() < 3:
        raise IllegalAction("pass three cards", "pass-too-few", missing=3 - cards.bit_count(),
                            chosen=cards.bit_count())
    if cards.bit_count() > 3:
        raise IllegalAction("pass three cards", "pass-too-many", extra=cards.bit_count() - 3)
    s = state.copy()
    s.match = m = m.copy()
    passed = list(m.passed)
    passed[seat] = cards
    m.passed = tuple(passed)
    if passed[0] and passed[1] and passed[2] and passed[3]:
        _exchange(s)
    return s


def _exchange(s: State) -> None:
    """All four have chosen: the passes take effect together, then 2♣ leads."""
    m = s.match
    passed, start = m.passed, s.start
    a, b, c, d = RECEIVED_FROM[s.pass_offset]
    m.received = received = (passed[a], passed[b], passed[c], passed[d])
    s.start = (start[0] & ~passed[0] | received[0], start[1] & ~passed[1] | received[1],
               start[2] & ~passed[2] | received[2], start[3] & ~passed[3] | received[3])
    _begin_play(s)


def _begin_play(s: State) -> None:
    s.phase = "play"
    start = s.start
    s.leader = 0 if start[0] & TC_BIT else 1 if start[1] & TC_BIT else 2 if start[2] & TC_BIT else 3


def _start_deal(s: State, hands: tuple[int, ...]) -> None:
    """Deal ``hands``, or () for the deal's own shuffle where it opens with a pass (made when
    first asked for: ``_dealt``); ``s.match`` is the state's own (a fresh copy)."""
    m = s.match
    s.gone = 0
    m.passed = m.received = s.taken = (0, 0, 0, 0)
    s.trick, s.tricks, s.broken = (), (), False
    if s.pass_offset:
        s.start = m.dealt = hands
        s.phase, s.leader = "pass", 0
    else:  # the 2♣ holder leads: the hands are needed now
        s.start = m.dealt = hands or _shuffle(m.seed, m.round, m.dealer)
        _begin_play(s)


def _dealt(s: State) -> tuple[int, ...]:
    """The hands as the deal (or, after a pass, play) began: ``s.start``, shuffled now if the
    deal has not been yet. Writing them changes no fact: the seed and the deal's number fix
    them, and the states that share this Match are all of this deal before anyone passed."""
    start = s.start
    if not start:
        m = s.match
        if not m.dealt:
            m.dealt = _shuffle(m.seed, m.round, m.dealer)
        start = s.start = m.dealt
    return start


def _end_deal(s: State) -> None:
    """Score the deal (spec §4): 1 a heart, 13 the Q♠; a moon gives 26 to the other three."""
    points = tuple(map(_points, s.taken))  # map, not a generator: this runs every deal
    if 26 in points:
        points = MOON[points.index(26)]
    _settle(s, points)


def _settle(s: State, points: tuple[int, ...]) -> None:
    """Add a deal's points, then end the match (spec §5) or deal again."""
    s.match = m = s.match.copy()
    m.results = (*m.results, points)
    m.closings = (*m.closings, s.tricks[-1] if s.tricks else None)  # None: a test's
    m.scores = tuple(map(add, m.scores, points))
    if max(m.scores) >= m.target:
        low = min(m.scores)
        if m.scores.count(low) == 1 or m.tiebreaks >= TIEBREAK_CAP:
            s.phase = "over"
            return
        m.tiebreaks += 1
    m.round += 1
    m.dealer = (m.dealer + 1) % 4
    _start_deal(s, ())


def _history(state: State) -> tuple[DealRecord, ...]:
    """Every finished deal as a record: its points, the totals after it, the moon if any.
    Built once per deal and kept on the Match its states share (the public view wants it
    after every move): rebuilt when the facts it is made of are not the memo's."""
    m = state.match
    memo = m.records
    if memo is not None and memo[0] is m.results and memo[1] == m.target and memo[2] == m.passing:
        return memo[3]
    records = _records(m)
    m.records = (m.results, m.target, m.passing, records)
    return records


def _records(m: Match) -> tuple[DealRecord, ...]:
    records = []
    totals: tuple[int, ...] = (0, 0, 0, 0)
    for number, (points, last) in enumerate(zip(m.results, m.closings, strict=True), m.first):
        tiebreak = max(totals) >= m.target  # the target was reached before this deal
        totals = tuple(a + b for a, b in zip(totals, points, strict=True))
        moon = points.index(0) if sum(points) == 78 else None
        offset = PASS_OFFSETS[number % 4] if m.passing else 0
        records.append(DealRecord(number, points, standings(totals, low_wins=True),
                                  HeartsDeal(moon, PASS_NAMES[offset], tiebreak),
                                  trick_record(last) if last else None))
    return tuple(records)


def _shuffle(seed: int, round_no: int, dealer: int) -> tuple[int, ...]:
    """Deal one card at a time from ``next(dealer)`` (spec §1)."""
    return deal_hands(range(52), deal_rng(seed, round_no), dealer + 1)


def _points(taken: int) -> int:
    return (taken & HEARTS).bit_count() + (13 if taken & QS_BIT else 0)





def rollout(state: State, rng: random.Random) -> tuple[int, ...]:
    """Points of the current deal after random legal play to its end (the moon rule applied),
    from a position in the play phase. Ints in, ints out: the path search players call."""
    keep = ~state.gone
    a, b, c, d = state.start
    hands = [a & keep, b & keep, c & keep, d & keep]  # written out: no comprehension
    points = list(map(_points, state.taken))
    broken, first = state.broken, not state.tricks
    bits = rng.getrandbits  # (bits(32) * n) >> 32: an index under n, as fair as random()
    ranks, counts = SUIT_RANKS, SUIT_COUNTS
    # the trick so far: its led suit's shift, the best card and its seat, points in it
    trick = state.trick
    played, winner = len(trick), state.leader
    shift = 13 * (trick[0] // 13) if played else 0
    best, pts = -1, 0
    for i, card in enumerate(trick):
        if shift <= card < shift + 13 and card > best:
            best, winner = card, (state.leader + i) % 4
        pts += CARD_POINTS[card]
    leader = state.leader
    while True:
        if not played:  # a lead
            hand = hands[leader]
            if first:  # the 2♣, the one card it may lead: its draw is still taken
                bits(32)
                card = TWO_CLUBS
            else:  # a card of the set: an index, then the suit it falls in (written out here
                # and for a discard below: a call a card costs a rollout 5%)
                legal = hand if broken else (hand & ~HEARTS) or hand
                index = bits(32) * legal.bit_count() >> 32
                for low in (0, 13, 26, 39):
                    options = ranks[legal >> low & SUIT_BITS]
                    if index < len(options):
                        card = low + options[index]
                        break
                    index -= len(options)
            hands[leader] = hand ^ BIT[card]
            shift, best, winner, pts = card - card % 13, card, leader, CARD_POINTS[card]
            broken = broken or 26 <= card < 39
            played = 1
        for seat in FOLLOWERS[leader][played]:
            hand = hands[seat]
            follow = hand >> shift & SUIT_BITS
            if follow:  # the common case: pick a rank of the led suit from a table
                options = ranks[follow]
                card = shift + options[bits(32) * counts[follow] >> 32]
                if card > best:
                    best = card
                    winner = seat
            else:  # void: a discard never wins
                legal = ((hand & ~POINT_CARDS) or hand) if first else hand
                index = bits(32) * legal.bit_count() >> 32
                for low in (0, 13, 26, 39):
                    options = ranks[legal >> low & SUIT_BITS]
                    if index < len(options):
                        card = low + options[index]
                        break
                    index -= len(options)
                broken = broken or 26 <= card < 39
            hands[seat] = hand ^ BIT[card]
            pts += CARD_POINTS[card]
        points[winner] += pts
        if not hands[winner]:
            break
        leader, played, first = winner, 0, False
    if 26 in points:
        return tuple(0 if p == 26 else 26 for p in points)
    return tuple(points)


def deal_rules(state: State) -> dict[str, object]:
    """The keywords of ``new_match`` that, with ``deal=`` the hands of the deal being played,
    start a match at this deal as it began (its number, so its pass, and its dealer): one deal replayed alone (engine/paste.py)."""
    m = state.match
    return {"target": m.target, "passing": int(m.passing), "first_deal": m.round,
            "first_dealer": m.dealer}


def start_of_play(state: State) -> State:
    """The first position of the play phase of the current deal: passes chosen at random (a
    fixed generator, so it is repeatable) when the deal passes. For benchmarks and search."""
    rng = match_rng(state.match.seed, "start-of-play")
    while state.phase == "pass":
        seat = min(i for i in range(4) if not state.match.passed[i])
        passes = GAME.legal_actions(state, seat)
        state = GAME.apply(state, seat, passes[rng.randrange(len(passes))])
    return state
