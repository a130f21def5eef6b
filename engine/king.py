"""King (Քինգ): four players, each for themselves, 12 deals of fixed contracts.

Implements ``/work/shared/rules/king.md`` (specification version 1; Armenian seed
``000_402e60549fbf8e0c.txt``). Section numbers below (§7, D-15 …) refer to that spec.

Contracts (§3, §6), by code: ``NT`` no tricks, ``JK`` no Jacks and Kings, ``QN`` no Queens, ``HT``
no hearts, ``L2`` no last two tricks, ``KH`` no King of hearts, ``TN`` take nothing, ``TR`` trumps,
``TE`` take everything. The match plays NT JK QN HT L2 KH TN TR TR TR TR TE. The first dealer is
drawn from the seed, the deal passes clockwise, and the declarer (the dealer's left neighbour)
leads the first trick and, in a Trumps deal, names the trump after seeing their hand.

Rule options (keyword arguments of ``new_match``):
    contracts     the deals in order, as codes: "NT JK ..." or a sequence of codes. Default: the
                  spec's 12 deals above. Another order is a house variant (or a test set-up); only
                  the default is zero-sum by design.
    first_dealer  0..3, or None (default) to draw the first dealer from the seed as §3 says.

Phases:
    "trump"  the declarer of a Trumps deal names the trump suit; nobody else acts.
    "play"   tricks 1..13, one card at a time clockwise; a deal of JK, QN, HT or KH stops as soon as
             all its penalty cards are won (§5.5, D-15). The next deal is dealt at once.
    "over"   after the last deal.

Actions:
    play:QS  ``Play`` (engine.tricks): play that card to the trick.
    trump:S  ``ChooseTrump``: name the trump suit (C, D, H or S) in a Trumps deal.

IllegalAction keys:
    not-your-turn, game-over
    bad-action                 wrong kind of action for the phase (a card before the trump is
                               named, a trump outside the trump phase)
    not-in-hand
    must-follow-suit
    hearts-not-broken          HT KH TN TE: no heart lead until one is played or only hearts left
    trumps-not-broken          TR: the same for trumps
    must-play-under            JK QN TN: drop the J/Q/K under a higher card of its suit
    must-play-king-of-hearts   KH: void and holding K♥, or hearts led with A♥ in the trick
    must-discard-penalty       void: discard a J/K (JK), a Queen (QN), a heart (HT, KH), any J, Q,
                               K or heart (TN)
    must-trump                 TR: void in the led suit, must ruff
    must-overtrump             TR: must play a trump higher than every trump in the trick

Information (§5.6): hands are private; every played card is public and so are the cards each
player has won (D-21), hence the running deal points too. ``observation`` gives the seat its hand,
the current trick and every completed trick of the deal, each seat's won cards, points and hand
size; earlier deals appear only as their results (no cards, which now lie in new hands).

For search players: ``legal_mask``, ``illegal_reason``, ``trick_winner`` and ``deal_points`` are
pure functions of a position; ``rollout`` plays a deal out at random on ints alone.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from . import tricks
from .build import interpreted
from .cards import (
    CARDS,
    SUIT_MASKS,
    SUIT_RANKS,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    cards_of,
    format_cards,
    parse_card,
)
from .core import (
    DealRecord,
    GameBase,
    IllegalAction,
    Shared,
    deal_rng,
    extend,
    match_rng,
    standings,
)
from .tricks import (
    PLAYS,
    Play,
    TrickRecord,
    cards_in,
    deal_hands,
    parse_hands,
    plays_of,
    seated,
    trick_record,
)

# The IllegalAction keys of the docstring: each has a text in every language (tests/test_locales).
REFUSALS = ("not-your-turn", "game-over", "bad-action", "not-in-hand", "must-follow-suit",
            "hearts-not-broken", "trumps-not-broken", "must-play-under",
            "must-play-king-of-hearts", "must-discard-penalty", "must-trump", "must-overtrump")

# --- contracts --------------------------------------------------------------------------------

CONTRACTS: tuple[str, ...] = ("NT", "JK", "QN", "HT", "L2", "KH", "TN", "TR", "TE")
NT, JK, QN, HT, L2, KH, TN, TR, TE = range(9)
NAMES: tuple[str, ...] = (
    "No tricks", "No Jacks and Kings", "No Queens", "No hearts", "No last two tricks",
    "No King of hearts", "Take nothing", "Trumps", "Take everything",
)
VALUES: tuple[int, ...] = (-650, -480, -400, -390, -360, -320, -800, 650, 800)
DEFAULT_ORDER: tuple[str, ...] = (
    "NT", "JK", "QN", "HT", "L2", "KH", "TN", "TR", "TR", "TR", "TR", "TE",
)
PLAYERS = 4
TRICKS = 13

# --- card sets --------------------------------------------------------------------------------


def _rank_mask(rank_index: int) -> int:
    return sum(1 << (13 * suit + rank_index) for suit in range(4))


JACKS, QUEENS, KINGS = _rank_mask(9), _rank_mask(10), _rank_mask(11)
HEARTS = SUIT_MASKS[2]
KING_OF_HEARTS = 1 << (13 * 2 + 11)
# BELOW[c] / ABOVE[c]: the cards of c's suit ranking under / over c.
BELOW: tuple[int, ...] = tuple(((1 << c % 13) - 1) << (13 * (c // 13)) for c in range(52))
ABOVE: tuple[int, ...] = tuple(SUIT_MASKS[c // 13] & ~BELOW[c] & ~(1 << c) for c in range(52))


def _by_contract(values: dict[int, int]) -> tuple[int, ...]:
    return tuple(values.get(contract, 0) for contract in range(len(CONTRACTS)))


# §7 tables, indexed by contract. UNDER: cards that must drop under a higher card of their suit.
# DUMP: cards a void player must discard (KH has its own priority). EARLY_END: the penalty cards
# whose capture ends the deal (§5.5).
UNDER = _by_contract({JK: JACKS | KINGS, QN: QUEENS, KH: KING_OF_HEARTS, TN: JACKS | QUEENS | KINGS})
DUMP = _by_contract({JK: JACKS | KINGS, QN: QUEENS, HT: HEARTS, TN: JACKS | QUEENS | KINGS | HEARTS})
EARLY_END = _by_contract({JK: JACKS | KINGS, QN: QUEENS, HT: HEARTS, KH: KING_OF_HEARTS})
HEART_LEAD_RESTRICTED = tuple(c in (HT, KH, TN, TE) for c in range(len(CONTRACTS)))

# --- the rules of one trick (§7), pure functions of the position ------------------------------


def legal_mask(
    contract: int, trump: int | None, hand: int, trick: Sequence[int], played: int
) -> int:
    """The cards of ``hand`` that may be played: the normative algorithm of §7. ``trick`` holds
    the cards of the current trick in order, ``played`` the cards of the deal's earlier tricks."""
    trumps = 0 if trump is None else SUIT_MASKS[trump]
    if not trick:
        if HEART_LEAD_RESTRICTED[contract] and not played & HEARTS and hand & ~HEARTS:
            return hand & ~HEARTS
        if trumps and not played & trumps and hand & ~trumps:
            return hand & ~trumps
        return hand
    led = SUIT_MASKS[trick[0] // 13]
    follow = hand & led
    if follow:
        if led == trumps:
            higher = follow & ABOVE[_highest_in(trick, trumps)]
            return higher or follow
        obligated = follow & UNDER[contract]
        if obligated:
            obligated &= BELOW[_highest_in(trick, led)]
            return obligated or follow
        return follow
    if contract == TR:
        mine = hand & trumps
        if not mine:
            return hand
        top = _highest_in(trick, trumps)
        return mine if top < 0 else mine & ABOVE[top] or mine
    if contract == KH:
        if hand & KING_OF_HEARTS:
            return KING_OF_HEARTS
        return hand & HEARTS or hand
    return hand & DUMP[contract] or hand


def illegal_reason(
    contract: int, trump: int | None, hand: int, trick: Sequence[int], played: int, card: int
) -> str | None:
    """None if ``card`` may be played now, else the IllegalAction key that says why not."""
    if not hand >> card & 1:
        return "not-in-hand"
    if legal_mask(contract, trump, hand, trick, played) >> card & 1:
        return None
    if not trick:
        return "trumps-not-broken" if contract == TR else "hearts-not-broken"
    led = trick[0] // 13
    if hand & SUIT_MASKS[led]:
        if card // 13 != led:
            return "must-follow-suit"
        if contract == TR:
            return "must-overtrump"
        return "must-play-king-of-hearts" if contract == KH else "must-play-under"
    if contract == TR:
        return "must-overtrump" if card // 13 == trump else "must-trump"
    if contract == KH and hand & KING_OF_HEARTS:
        return "must-play-king-of-hearts"
    return "must-discard-penalty"


def trick_winner(trick: Sequence[int], trump: int | None) -> int:
    """Index (in order of play) of the winning card: the highest trump if any, else the highest
    card of the led suit (§5.3); the rule every trick game shares (engine.tricks)."""
    return tricks.trick_winner(trick, trump)


def deal_points(contract: int, won: Sequence[int], winners: Sequence[int]) -> tuple[int, ...]:
    """Each seat's points for the deal so far (§9): ``won[s]`` is the set of cards seat s won,
    ``winners`` the winner of each completed trick in order."""
    return tuple(_seat_points(contract, won[s], winners, s) for s in range(PLAYERS))


# --- actions ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChooseTrump:
    """The declarer of a Trumps deal names the trump suit: ``trump:S``."""

    suit: int

    def __init__(self, suit: int | str) -> None:
        """ChooseTrump("S") reads the letter: the repr rebuilds the action (an ``__init__``,
        as ``tricks.Play``'s: a compiled int field takes no str)."""
        object.__setattr__(self, "suit", suit if isinstance(suit, int) else SUITS.index(suit))

    def __str__(self) -> str:
        return f"trump:{SUITS[self.suit]}"

    def __repr__(self) -> str:
        return f"ChooseTrump({SUITS[self.suit]!r})"


TRUMP_CHOICES: tuple[ChooseTrump, ...] = tuple(ChooseTrump(s) for s in range(4))

Action = Play | ChooseTrump

# --- state ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DealResult:
    """The outcome of one deal: points per seat, and how many tricks were played (fewer than 13
    when the deal ended early)."""

    deal: int  # 1-based
    contract: str
    trump: int | None
    declarer: int
    points: tuple[int, ...]
    tricks_played: int
    last_trick: TrickRecord


# The state's fields: its __slots__, and what equality compares (a class compiled by mypyc
# has no __slots__ to read).
STATE_FIELDS: Final = ("seed", "order", "first_dealer", "deal", "phase", "trump", "hands", "turn",
                       "trick", "played", "won", "tricks", "history", "totals")


class KingState:
    """The whole match. Never mutated once ``apply`` has returned it: a move copies it (a few
    references) and changes the copy. Card sets are bitmasks."""

    __slots__ = STATE_FIELDS

    seed: int
    order: tuple[int, ...]  # the contract of each deal
    first_dealer: int
    deal: int  # 0-based index of the current deal (the last one once over)
    phase: str  # "trump", "play" or "over"
    trump: int | None
    hands: tuple[int, ...]
    turn: int  # the seat to act; the trick's leader is ``turn - len(trick)``
    trick: tuple[int, ...]  # cards of the current trick in order of play
    played: int  # cards of the deal's completed tricks
    won: tuple[int, ...]  # cards each seat has won in this deal
    tricks: tuple[tuple[int, tuple[int, ...], int], ...]  # (leader, cards, winner), this deal
    history: tuple[DealResult, ...]
    totals: tuple[int, ...]

    def copy(self) -> KingState:
        new = KingState()  # one slot a statement: no tuple built and unpacked
        new.seed = self.seed
        new.order = self.order
        new.first_dealer = self.first_dealer
        new.deal = self.deal
        new.phase = self.phase
        new.trump = self.trump
        new.hands = self.hands
        new.turn = self.turn
        new.trick = self.trick
        new.played = self.played
        new.won = self.won
        new.tricks = self.tricks
        new.history = self.history
        new.totals = self.totals
        return new

    def __eq__(self, other: object) -> bool:
        return isinstance(other, KingState) and all(
            getattr(self, n) == getattr(other, n) for n in STATE_FIELDS)

    def __hash__(self) -> int:
        return hash((self.seed, self.deal, self.hands, self.trick, self.totals))

    def __repr__(self) -> str:
        return (f"<KingState seed={self.seed} deal={self.deal + 1} {self.phase} "
                f"trick={format_cards(self.trick)!r} totals={self.totals}>")


# --- observation ------------------------------------------------------------------------------



@dataclass(frozen=True, slots=True)
class KingDeal:
    """King's own facts of a finished deal (``DealRecord.facts``); the points per seat are the
    record's ``results``."""

    contract: str  # the contract's code: NT JK QN HT L2 KH TN TR TE
    declarer: int
    trump: int | None  # suit 0..3 (C D H S) in a Trumps deal
    tricks_played: int  # fewer than 13 when the deal ended early (§5.5)


@interpreted
@dataclass(frozen=True, slots=True, kw_only=True)
class Public(Shared):
    """What a spectator may know (§5.6, D-21): every played card, every seat's won cards and
    points; never a hand."""

    contracts: tuple[str, ...]  # the contract of every deal of the match, in order
    contract: str  # the current deal's (the last one once over)
    value: int  # what the current deal's points add up to
    dealer: int
    declarer: int
    trump: int | None  # suit 0..3 (C D H S) in a Trumps deal once named
    hand_sizes: tuple[int, ...]
    trick_number: int  # 1..13, the trick being played
    trick: tuple[tuple[int, Card], ...]  # (seat, card) in order of play
    tricks: tuple[TrickRecord, ...]  # the completed tricks of this deal
    won: tuple[tuple[Card, ...], ...]  # cards each seat has won in this deal (D-21)
    counted: tuple[tuple[Card, ...], ...]  # of those, the cards this contract scores
    tricks_won: tuple[int, ...]
    hearts_broken: bool
    trumps_broken: bool
    points: tuple[int, ...]  # each seat's running points of this deal

    @property
    def last_trick(self) -> TrickRecord | None:
        return self.tricks[-1] if self.tricks else None


@interpreted
@dataclass(frozen=True, slots=True, kw_only=True)
class Observation(Public):
    """What one seat may know: the public view and its own hand."""

    seat: int
    hand: tuple[Card, ...]


# --- the game ---------------------------------------------------------------------------------


class King(GameBase):
    name: ClassVar[str] = "king"
    sizes: ClassVar[tuple[int, ...]] = (PLAYERS,)
    options: ClassVar[dict[str, tuple[int, ...]]] = {}
    aliases: ClassVar[tuple[str, ...]] = ()

    def new_match(
        self,
        players: int,
        seed: int,
        *,
        deal: Sequence[str] | None = None,
        contracts: str | Sequence[str] = DEFAULT_ORDER,
        first_dealer: object = None,  # checked here: anything else is a ValueError
        **rules: Any,
    ) -> KingState:
        if rules:
            raise ValueError(f"unknown King rule options: {', '.join(sorted(rules))}")
        if players != PLAYERS:
            raise ValueError(f"King is played by exactly 4 players, not {players}")
        order = _parse_order(contracts)
        if first_dealer is None:
            first_dealer = deal_rng(seed, 0).randrange(PLAYERS)
        elif type(first_dealer) is not int or not 0 <= first_dealer < PLAYERS:
            raise ValueError(f"first_dealer must be 0..3 or None, not {first_dealer!r}")
        hands = parse_hands(deal, range(52)) if deal is not None else None
        s = KingState()
        s.seed, s.order, s.first_dealer = seed, order, first_dealer
        s.history, s.totals = (), (0,) * PLAYERS
        _start_deal(s, 0, hands)
        return s

    def to_act(self, state: KingState) -> frozenset[int]:
        return _NOBODY if state.phase == "over" else _SEAT_SETS[state.turn]

    def legal_actions(self, state: KingState, seat: int) -> list[Action]:
        if seat != state.turn or state.phase == "over":
            return []
        if state.phase == "trump":
            return list(TRUMP_CHOICES)
        return list(plays_of(legal_mask(
            state.order[state.deal], state.trump, state.hands[seat], state.trick, state.played
        )))

    def apply(self, state: KingState, seat: int, action: object) -> KingState:
        # object, not Action: anything else is refused as illegal, compiled (mypyc) or not
        if state.phase == "over":
            raise IllegalAction("the match is over", "game-over")
        if seat != state.turn:
            raise IllegalAction(f"seat {seat} is not to act", "not-your-turn")
        if type(action) is Play and state.phase == "play":
            return _play(state, seat, action.card)
        if type(action) is ChooseTrump and state.phase == "trump":
            s = state.copy()
            s.phase, s.trump = "play", action.suit
            return s
        raise IllegalAction(f"{action} is not an action of the {state.phase} phase", "bad-action")

    def public_observation(self, state: KingState) -> Public:
        contract = state.order[state.deal]
        dealer = (state.first_dealer + state.deal) % PLAYERS
        leader = (state.turn - len(state.trick)) % PLAYERS
        winners = [w for _, _, w in state.tricks]
        counted = _COUNTED[contract]
        return Public(
            game=self.name,
            phase=state.phase,
            deal=state.deal + 1,
            deals=len(state.order),
            to_act=self.to_act(state),
            standings=standings(state.totals),
            teams=(),
            history=_history(state),
            contracts=tuple(CONTRACTS[c] for c in state.order),
            contract=CONTRACTS[contract],
            value=VALUES[contract],
            dealer=dealer,
            declarer=(dealer + 1) % PLAYERS,
            trump=state.trump,
            hand_sizes=tuple(h.bit_count() for h in state.hands),
            trick_number=len(state.tricks) + 1,
            trick=seated(leader, state.trick),
            tricks=tuple(map(trick_record, state.tricks)),
            won=tuple(tuple(cards_of(w)) for w in state.won),
            counted=tuple(tuple(cards_of(w & counted)) for w in state.won),
            tricks_won=tuple(winners.count(s) for s in range(PLAYERS)),
            hearts_broken=bool(state.played & HEARTS),
            trumps_broken=state.trump is not None and bool(state.played & SUIT_MASKS[state.trump]),
            points=deal_points(contract, state.won, winners),
        )

    def observation(self, state: KingState, seat: int) -> Observation:
        return extend(Observation, self.public_observation(state), seat=seat,
                      hand=tuple(cards_of(state.hands[seat])))

    def parse_action(self, code: str) -> Action:
        kind, _, rest = code.partition(":")
        if kind == "play":
            return PLAYS[parse_card(rest)]
        if kind == "trump" and len(rest.strip()) == 1 and rest.strip().upper() in SUITS:
            return TRUMP_CHOICES[SUITS.index(rest.strip().upper())]
        raise ValueError(f"not a King action: {code!r}")

    # For the invariant tests: where every card of the deal is now.
    def card_locations(self, state: KingState) -> list[int]:
        return cards_in(state.hands, state.won) + list(state.trick)

    def deck_of(self, state: KingState) -> list[int]:
        return list(range(52))

    def hands(self, state: KingState) -> list[list[int]]:
        return [list(cards_of(m)) for m in state.hands]

    def describe(self, obs: Observation) -> str:
        """A compact plain-text table for the terminal."""
        contract = CONTRACTS.index(obs.contract)
        trump = f" · trump {SUIT_SYMBOLS[obs.trump]}" if obs.trump is not None else ""
        lines = [
            f"King · deal {obs.deal}/{obs.deals} · {NAMES[contract]} ({obs.value:+d})"
            f"{trump} · dealer P{obs.dealer} · declarer P{obs.declarer}"
        ]
        for s in range(PLAYERS):
            mark = "▸" if s in obs.to_act else " "
            you = " (you)" if s == obs.seat else ""
            items = " ".join(c.symbol for c in obs.counted[s])
            lines.append(
                f"{mark} P{s}{you}: total {obs.standings.values[s]:+d} · deal {obs.points[s]:+d}"
                f" · tricks {obs.tricks_won[s]}" + (f" · won {items}" if items else "")
            )
        if obs.phase == "trump":
            lines.append(f"P{obs.declarer} names the trump")
        elif obs.phase == "over":
            lines.append("Match over")
        else:
            notes = [
                *(["hearts broken"] if obs.hearts_broken and HEART_LEAD_RESTRICTED[contract] else []),
                *(["trumps broken"] if obs.trumps_broken else []),
            ]
            played = " · ".join(f"P{s} {c.symbol}" for s, c in obs.trick) or "-"
            lines.append(f"Trick {obs.trick_number}: {played}" + "".join(f" ({n})" for n in notes))
        if obs.last_trick is not None:
            t = obs.last_trick
            shown = " · ".join(f"P{seat} {c.symbol}" for seat, c in t.cards)
            lines.append(f"Last trick: {shown} → P{t.winner}")
        lines.append(f"Your hand: {_format_hand(obs.hand)}")
        return "\n".join(lines)


GAME = King()

# --- for search players and benchmarks --------------------------------------------------------


def rollout(state: KingState, rng: random.Random) -> tuple[int, ...]:
    """The current deal's points after uniformly random legal play to its end, from a position in
    the play phase. Ints in, ints out: the path search players call. Picks the same cards as
    choosing ``legal[int(rng.random() * len(legal))]`` through the public API."""
    contract, trump = state.order[state.deal], state.trump
    trumps = 0 if trump is None else SUIT_MASKS[trump]
    under, penalties = UNDER[contract], EARLY_END[contract]
    hands, won = list(state.hands), list(state.won)
    winners = [w for _, _, w in state.tricks]
    played, trick, seat = state.played, list(state.trick), state.turn
    base = 13 * (trick[0] // 13) if trick else 0  # the led suit's first card
    best = winner = -1  # the card winning the trick so far, and its seat
    if trick:
        index = trick_winner(trick, trump)
        best, winner = trick[index], (seat - len(trick) + index) % PLAYERS
    rand = rng.random
    while True:
        hand = hands[seat]
        follow = hand >> base & 0x1FFF if trick else 0
        if follow and not (hand & SUIT_MASKS[base // 13] & (under | trumps)):
            # the common case, following suit freely: pick a rank of the led suit
            ranks = SUIT_RANKS[follow]
            card = base + ranks[int(rand() * len(ranks))]
        else:
            legal = legal_mask(contract, trump, hand, trick, played)
            k = int(rand() * legal.bit_count())
            low = 0  # find the k-th card, lowest first, a suit at a time
            while True:
                ranks = SUIT_RANKS[legal >> low & 0x1FFF]
                if k < len(ranks):
                    break
                k -= len(ranks)
                low += 13
            card = low + ranks[k]
        hands[seat] = hand & ~(1 << card)
        if not trick:
            base, best, winner = 13 * (card // 13), card, seat
        elif (card > best) if card // 13 == best // 13 else trumps >> card & 1:
            best, winner = card, seat  # a higher card of the best one's suit, or a first trump
        trick.append(card)
        if len(trick) < PLAYERS:
            seat = (seat + 1) % PLAYERS
            continue
        seat = winner
        taken = 1 << trick[0] | 1 << trick[1] | 1 << trick[2] | 1 << trick[3]
        won[seat] |= taken
        played |= taken
        winners.append(seat)
        trick = []
        if len(winners) == TRICKS or (penalties and played & penalties == penalties):
            return deal_points(contract, won, winners)


def deal_rules(state: KingState) -> dict[str, object]:
    """The keywords of ``new_match`` that, with ``deal=`` the hands of the deal being played,
    start a match at this deal as it began (its contract and dealer): one deal replayed alone (engine/paste.py)."""
    return {"contracts": CONTRACTS[state.order[state.deal]],
            "first_dealer": (state.first_dealer + state.deal) % PLAYERS}


def start_of_play(state: KingState) -> KingState:
    """The first position of the current deal's play: in a Trumps deal the trump is named at
    random (a fixed generator, so it is repeatable). For benchmarks and search."""
    if state.phase == "trump":
        suit = match_rng(state.seed, "start-of-play").randrange(4)
        state = GAME.apply(state, state.turn, TRUMP_CHOICES[suit])
    return state

# --- private helpers --------------------------------------------------------------------------

_SEAT_SETS = tuple(frozenset({s}) for s in range(PLAYERS))
_NOBODY: frozenset[int] = frozenset()
# The won cards each contract scores (``Public.counted``): none in NT, L2 and TR, which count
# tricks; every J, Q, K and heart in TN and TE.
_COUNTED = tuple(
    KING_OF_HEARTS if c == KH else DUMP[c] if c in (JK, QN, HT, TN) else
    DUMP[TN] if c == TE else 0
    for c in range(9)
)


def _history(state: KingState) -> tuple[DealRecord, ...]:
    """Every finished deal as a record: the score sheet, one row a deal."""
    records = []
    totals = (0,) * PLAYERS
    for r in state.history:
        totals = tuple(t + p for t, p in zip(totals, r.points, strict=True))
        records.append(DealRecord(r.deal, r.points, standings(totals),
                                  KingDeal(r.contract, r.declarer, r.trump, r.tricks_played),
                                  r.last_trick))
    return tuple(records)


def _highest_in(trick: Sequence[int], cards: int) -> int:
    """The highest card of the trick that is in the set ``cards`` (one suit), or -1. Within a
    suit, the int order is the rank order."""
    top = -1
    for c in trick:
        if cards >> c & 1 and c > top:
            top = c
    return top


def _seat_points(contract: int, won: int, winners: Sequence[int], seat: int) -> int:
    if contract == NT:
        return -50 * winners.count(seat)
    if contract == TR:
        return 50 * winners.count(seat)
    if contract == JK:
        return -60 * (won & (JACKS | KINGS)).bit_count()
    if contract == QN:
        return -100 * (won & QUEENS).bit_count()
    if contract == HT:
        return -30 * (won & HEARTS).bit_count()
    if contract == KH:
        return -320 if won & KING_OF_HEARTS else 0
    w12 = len(winners) >= 12 and winners[11] == seat
    w13 = len(winners) == 13 and winners[12] == seat
    if contract == L2:
        return -120 * w12 - 240 * w13
    items = (
        15 * winners.count(seat)
        + 20 * (won & (JACKS | KINGS)).bit_count()
        + 30 * (won & QUEENS).bit_count()
        + 10 * (won & HEARTS).bit_count()
        + 40 * w12
        + 60 * w13
        + (95 if won & KING_OF_HEARTS else 0)
    )
    return -items if contract == TN else items


def _play(state: KingState, seat: int, card: int) -> KingState:
    contract = state.order[state.deal]
    hand = state.hands[seat]
    if not legal_mask(contract, state.trump, hand, state.trick, state.played) >> card & 1:
        key = illegal_reason(contract, state.trump, hand, state.trick, state.played, card)
        raise IllegalAction(f"{CARDS[card]} may not be played now", key or "illegal")
    s = state.copy()
    hands = list(state.hands)
    hands[seat] = hand & ~(1 << card)
    s.hands = tuple(hands)
    trick = state.trick + (card,)
    if len(trick) < PLAYERS:
        s.trick = trick
        s.turn = (seat + 1) % PLAYERS
        return s
    leader = (seat + 1) % PLAYERS  # the last card of a trick comes from the leader's right
    winner = (leader + trick_winner(trick, state.trump)) % PLAYERS
    taken = 1 << trick[0] | 1 << trick[1] | 1 << trick[2] | 1 << trick[3]
    won = list(state.won)
    won[winner] |= taken
    s.won, s.played = tuple(won), state.played | taken
    s.tricks = state.tricks + ((leader, trick, winner),)
    s.trick, s.turn = (), winner
    penalties = EARLY_END[contract]
    if len(s.tricks) == TRICKS or (penalties and s.played & penalties == penalties):
        _end_deal(s)
    return s


def _end_deal(s: KingState) -> None:
    """Score the deal (§9) into the totals, then deal the next one or end the match."""
    contract = s.order[s.deal]
    points = deal_points(contract, s.won, [w for _, _, w in s.tricks])
    declarer = (s.first_dealer + s.deal + 1) % PLAYERS
    result = DealResult(s.deal + 1, CONTRACTS[contract], s.trump, declarer, points, len(s.tricks),
                        trick_record(s.tricks[-1]))
    s.history = (*s.history, result)
    s.totals = tuple(t + p for t, p in zip(s.totals, points, strict=True))
    if s.deal + 1 == len(s.order):
        s.phase = "over"
    else:
        _start_deal(s, s.deal + 1, None)


def _start_deal(s: KingState, deal: int, hands: tuple[int, ...] | None) -> None:
    """Deal number ``deal`` (0-based) from its own generator, one card at a time from the
    declarer (§4), unless the hands are given."""
    declarer = (s.first_dealer + deal + 1) % PLAYERS
    if hands is None:
        hands = deal_hands(range(52), deal_rng(s.seed, deal + 1), declarer)
    s.deal, s.phase, s.trump = deal, "trump" if s.order[deal] == TR else "play", None
    s.hands, s.turn, s.trick = hands, declarer, ()
    s.played, s.won, s.tricks = 0, (0,) * PLAYERS, ()



def _format_hand(hand: Sequence[Card]) -> str:
    """Suits ♠ ♥ ♦ ♣, ranks high to low: ``♠ A 10 7 | ♥ K 9``."""
    groups = []
    for suit in (3, 2, 1, 0):
        ranks = [c for c in hand if c.suit == suit]
        if ranks:
            faces = " ".join(c.symbol[:-1] for c in sorted(ranks, reverse=True))
            groups.append(f"{SUIT_SYMBOLS[suit]} {faces}")
    return " | ".join(groups) or "(empty)"


def _parse_order(contracts: str | Sequence[str]) -> tuple[int, ...]:
    codes = contracts.replace(",", " ").split() if isinstance(contracts, str) else list(contracts)
    if not codes:
        raise ValueError("contracts: at least one deal is needed")
    for code in codes:
        if code not in CONTRACTS:
            raise ValueError(f"contracts: unknown contract {code!r}; known: {' '.join(CONTRACTS)}")
    return tuple(CONTRACTS.index(code) for code in codes)
