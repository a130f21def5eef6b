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
    not-your-turn, game-over, bad-action (not an action of this game), not-in-hand,
    choose-trump-first (a card before the trump is named), illegal (a trump named outside the
    trump phase), must-follow-suit, hearts-not-broken (HT KH TN TE lead), trumps-not-broken (TR
    lead), must-play-under (drop a J/Q/K under a higher card of its suit: JK QN TN),
    must-play-king-of-hearts (KH: void or under the A♥), must-discard-penalty (void: discard a
    J/K in JK, a Queen in QN, a heart in HT and KH, any J Q K or heart in TN), must-trump (TR:
    void, must ruff), must-overtrump (TR: must play a trump higher than those in the trick).

Information (§5.6): hands are private; every played card is public and so are the cards each
player has won (D-21), hence the running deal points too.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from .cards import CARDS, SUIT_MASKS, SUIT_RANKS, SUIT_SYMBOLS, SUITS, Card, parse_cards
from .core import IllegalAction, deal_rng, places
from .tricks import PLAYS, Play

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

# §7 tables, indexed by contract. UNDER: cards that must drop under a higher card of their suit.
# DUMP: cards a void player must discard (KH has its own priority). EARLY_END: the penalty cards
# whose capture ends the deal (§5.5).
UNDER: tuple[int, ...] = (0, JACKS | KINGS, QUEENS, 0, 0, KING_OF_HEARTS, JACKS | QUEENS | KINGS, 0, 0)
DUMP: tuple[int, ...] = (0, JACKS | KINGS, QUEENS, HEARTS, 0, 0, JACKS | QUEENS | KINGS | HEARTS, 0, 0)
HEART_LEAD_RESTRICTED: tuple[bool, ...] = tuple(c in (HT, KH, TN, TE) for c in range(9))
EARLY_END: tuple[int, ...] = (0, JACKS | KINGS, QUEENS, HEARTS, 0, KING_OF_HEARTS, 0, 0, 0)

# --- the rules of one trick (§7), pure functions of the position ------------------------------


def legal_mask(
    contract: int, trump: int | None, hand: int, trick: Sequence[int], played: int
) -> int:
    """The cards of ``hand`` that may be played: the normative algorithm of §7. ``trick`` holds
    the cards of the current trick in order, ``played`` the cards of the deal's earlier tricks."""
    if not trick:
        if HEART_LEAD_RESTRICTED[contract] and not played & HEARTS and hand & ~HEARTS:
            return hand & ~HEARTS
        if contract == TR:
            trumps = SUIT_MASKS[trump]  # type: ignore[index]
            if not played & trumps and hand & ~trumps:
                return hand & ~trumps
        return hand
    led = trick[0] // 13
    follow = hand & SUIT_MASKS[led]
    if follow:
        if contract == TR:
            if led == trump:
                higher = follow & ABOVE[_highest_of_suit(trick, led)]
                return higher or follow
            return follow
        obligated = follow & UNDER[contract]
        if obligated:
            obligated &= BELOW[_highest_of_suit(trick, led)]
            return obligated or follow
        return follow
    if contract == TR:
        trumps = hand & SUIT_MASKS[trump]  # type: ignore[index]
        if not trumps:
            return hand
        top = _highest_of_suit(trick, trump)  # type: ignore[arg-type]
        if top < 0:
            return trumps
        return trumps & ABOVE[top] or trumps
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
    card of the led suit (§5.3). Cards of one suit compare as ints."""
    if trump is not None and _highest_of_suit(trick, trump) >= 0:
        return trick.index(_highest_of_suit(trick, trump))
    return trick.index(_highest_of_suit(trick, trick[0] // 13))


def deal_points(contract: int, won: Sequence[int], winners: Sequence[int]) -> tuple[int, ...]:
    """Each seat's points for the deal so far (§9): ``won[s]`` is the set of cards seat s won,
    ``winners`` the winner of each completed trick in order."""
    return tuple(_seat_points(contract, won[s], winners, s) for s in range(PLAYERS))


# --- actions ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChooseTrump:
    """The declarer of a Trumps deal names the trump suit: ``trump:S``."""

    suit: int

    def __str__(self) -> str:
        return f"trump:{SUITS[self.suit]}"

    def __repr__(self) -> str:
        return f"ChooseTrump({SUITS[self.suit]!r})"


TRUMP_CHOICES: tuple[ChooseTrump, ...] = tuple(ChooseTrump(s) for s in range(4))

Action = Play | ChooseTrump

# --- state ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TrickRecord:
    """A completed trick, public: deal 1..12, trick number 1..13, cards in order of play."""

    deal: int
    number: int
    leader: int
    cards: tuple[Card, ...]
    winner: int


@dataclass(frozen=True, slots=True)
class DealResult:
    """The outcome of one deal: points per seat, and how many tricks were played (fewer than 13
    when the deal ended early)."""

    deal: int
    contract: str
    trump: int | None
    declarer: int
    points: tuple[int, ...]
    tricks_played: int


@dataclass(frozen=True, slots=True)
class KingState:
    """The whole match. Card sets are bitmasks; ``deal`` counts from 0."""

    seed: int
    order: tuple[int, ...]  # contract of each deal
    first_dealer: int
    deal: int
    phase: str  # "trump", "play" or "over"
    trump: int | None
    hands: tuple[int, ...]
    turn: int  # the seat to act (meaningless when over)
    leader: int  # the seat that led the current trick
    trick: tuple[int, ...]  # cards of the current trick in order of play
    played: int  # cards of the deal's completed tricks
    won: tuple[int, ...]  # cards each seat has won in this deal
    winners: tuple[int, ...]  # winner of each completed trick of this deal
    last_trick: TrickRecord | None
    results: tuple[DealResult, ...]
    totals: tuple[int, ...]


# --- observation ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class KingObservation:
    """What one seat may know (§5.6): its own hand and everything public."""

    seat: int
    phase: str
    deal: int  # 1-based; the last deal once the match is over
    contracts: tuple[str, ...]  # the contract of every deal of the match, in order
    contract: str
    value: int  # what the current deal's points add up to
    dealer: int
    declarer: int
    trump: int | None  # suit 0..3 (C D H S) in a Trumps deal once named
    to_act: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    trick_number: int  # 1..13, the trick being played
    trick: tuple[tuple[int, Card], ...]  # (seat, card) in order of play
    last_trick: TrickRecord | None  # the match's latest completed trick (maybe of the last deal)
    won: tuple[tuple[Card, ...], ...]  # cards each seat has won in this deal
    tricks_won: tuple[int, ...]
    trick_winners: tuple[int, ...]
    hearts_broken: bool
    trumps_broken: bool
    deal_points: tuple[int, ...]  # running points of this deal
    scores: tuple[int, ...]  # match totals of the finished deals
    results: tuple[DealResult, ...]


# --- the game ---------------------------------------------------------------------------------


class King:
    name: ClassVar[str] = "king"
    sizes: ClassVar[tuple[int, ...]] = (PLAYERS,)

    def new_match(
        self,
        players: int,
        seed: int,
        *,
        deal: Sequence[str] | None = None,
        contracts: str | Sequence[str] = DEFAULT_ORDER,
        first_dealer: int | None = None,
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
        hands = _parse_deal(deal) if deal is not None else None
        empty = KingState(
            seed, order, first_dealer, 0, "play", None, (0,) * 4, 0, 0, (), 0, (0,) * 4, (),
            None, (), (0,) * 4,
        )
        return _start_deal(empty, 0, hands)

    def to_act(self, state: KingState) -> frozenset[int]:
        return frozenset() if state.phase == "over" else _SEAT_SETS[state.turn]

    def legal_actions(self, state: KingState, seat: int) -> list[Action]:
        if state.phase == "over" or seat != state.turn:
            return []
        if state.phase == "trump":
            return list(TRUMP_CHOICES)
        mask = legal_mask(
            state.order[state.deal], state.trump, state.hands[seat], state.trick, state.played
        )
        actions: list[Action] = []
        while mask:
            low = mask & -mask
            actions.append(PLAYS[low.bit_length() - 1])
            mask ^= low
        return actions

    def apply(self, state: KingState, seat: int, action: Action) -> KingState:
        if state.phase == "over":
            raise IllegalAction("the match is over", "game-over")
        if seat != state.turn:
            raise IllegalAction(f"seat {seat} is not to act", "not-your-turn")
        if isinstance(action, Play):
            if state.phase == "trump":
                raise IllegalAction("the declarer names the trump first", "choose-trump-first")
            return _play(state, seat, action.card)
        if isinstance(action, ChooseTrump):
            if state.phase != "trump":
                raise IllegalAction("no trump to name now", "illegal")
            return replace(state, phase="play", trump=action.suit)
        raise IllegalAction(f"not a King action: {action!r}", "bad-action")

    def observation(self, state: KingState, seat: int) -> KingObservation:
        deal = min(state.deal, len(state.order) - 1)
        contract = state.order[deal]
        dealer = (state.first_dealer + deal) % PLAYERS
        leader = state.leader
        trick = tuple((leader + i) % PLAYERS for i in range(len(state.trick)))
        return KingObservation(
            seat=seat,
            phase=state.phase,
            deal=deal + 1,
            contracts=tuple(CONTRACTS[c] for c in state.order),
            contract=CONTRACTS[contract],
            value=VALUES[contract],
            dealer=dealer,
            declarer=(dealer + 1) % PLAYERS,
            trump=state.trump,
            to_act=None if state.phase == "over" else state.turn,
            hand=_cards(state.hands[seat]),
            hand_sizes=tuple(h.bit_count() for h in state.hands),
            trick_number=len(state.winners) + 1,
            trick=tuple((s, CARDS[c]) for s, c in zip(trick, state.trick, strict=True)),
            last_trick=state.last_trick,
            won=tuple(_cards(w) for w in state.won),
            tricks_won=tuple(state.winners.count(s) for s in range(PLAYERS)),
            trick_winners=state.winners,
            hearts_broken=bool(state.played & HEARTS),
            trumps_broken=state.trump is not None and bool(state.played & SUIT_MASKS[state.trump]),
            deal_points=deal_points(contract, state.won, state.winners),
            scores=state.totals,
            results=state.results,
        )

    def is_over(self, state: KingState) -> bool:
        return state.phase == "over"

    def scores(self, state: KingState) -> tuple[int, ...]:
        return state.totals

    def rankings(self, state: KingState) -> tuple[int, ...]:
        """Highest total first; equal totals share the place (D-17)."""
        return places(state.totals, low_wins=False)

    def parse_action(self, code: str) -> Action:
        if code.startswith("play:"):
            return Play.parse(code)
        if code.startswith("trump:"):
            letter = code.removeprefix("trump:").strip().upper()
            if len(letter) == 1 and letter in SUITS:
                return TRUMP_CHOICES[SUITS.index(letter)]
        raise ValueError(f"not a King action: {code!r}")

    def describe(self, obs: KingObservation) -> str:
        """A compact plain-text table for the terminal."""
        contract = CONTRACTS.index(obs.contract)
        trump = f" · trump {SUIT_SYMBOLS[obs.trump]}" if obs.trump is not None else ""
        lines = [
            f"King · deal {obs.deal}/{len(obs.contracts)} · {NAMES[contract]} ({obs.value:+d})"
            f"{trump} · dealer P{obs.dealer} · declarer P{obs.declarer}"
        ]
        for s in range(PLAYERS):
            mark = "▸" if obs.to_act == s else " "
            you = " (you)" if s == obs.seat else ""
            items = _format_cards(c for c in obs.won[s] if _SHOWN_ITEMS[contract] >> c & 1)
            lines.append(
                f"{mark} P{s}{you}: total {obs.scores[s]:+d} · deal {obs.deal_points[s]:+d}"
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
            shown = " · ".join(f"P{(t.leader + i) % PLAYERS} {c.symbol}" for i, c in enumerate(t.cards))
            lines.append(f"Last trick ({t.deal}.{t.number}): {shown} → P{t.winner}")
        lines.append(f"Your hand: {_format_hand(obs.hand)}")
        return "\n".join(lines)


GAME = King()

# --- private helpers --------------------------------------------------------------------------

_SEAT_SETS = tuple(frozenset({s}) for s in range(PLAYERS))
# The won cards ``describe`` lists per contract: the ones that score.
_SHOWN_ITEMS = tuple(
    KING_OF_HEARTS if c == KH else DUMP[c] if c in (JK, QN, HT, TN) else
    DUMP[TN] if c == TE else 0
    for c in range(9)
)


def _highest_of_suit(trick: Sequence[int], suit: int) -> int:
    """The highest card of ``suit`` in the trick, or -1. Within a suit, the int order is the
    rank order."""
    top = -1
    for c in trick:
        if c // 13 == suit and c > top:
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
    hands = _with(state.hands, seat, hand & ~(1 << card))
    trick = (*state.trick, card)
    if len(trick) < PLAYERS:
        return KingState(
            state.seed, state.order, state.first_dealer, state.deal, "play", state.trump, hands,
            (seat + 1) % PLAYERS, state.leader, trick, state.played, state.won, state.winners,
            state.last_trick, state.results, state.totals,
        )
    winner = (state.leader + trick_winner(trick, state.trump)) % PLAYERS
    taken = 1 << trick[0] | 1 << trick[1] | 1 << trick[2] | 1 << trick[3]
    played = state.played | taken
    won = _with(state.won, winner, state.won[winner] | taken)
    winners = (*state.winners, winner)
    record = TrickRecord(
        state.deal + 1, len(winners), state.leader, tuple(CARDS[c] for c in trick), winner
    )
    penalties = EARLY_END[contract]
    if len(winners) == TRICKS or (penalties and played & penalties == penalties):
        return _end_deal(state, won, winners, record)
    return KingState(
        state.seed, state.order, state.first_dealer, state.deal, "play", state.trump, hands,
        winner, winner, (), played, won, winners, record, state.results, state.totals,
    )


def _end_deal(
    state: KingState, won: tuple[int, ...], winners: tuple[int, ...], record: TrickRecord
) -> KingState:
    contract = state.order[state.deal]
    points = deal_points(contract, won, winners)
    declarer = (state.first_dealer + state.deal + 1) % PLAYERS
    result = DealResult(
        state.deal + 1, CONTRACTS[contract], state.trump, declarer, points, len(winners)
    )
    totals = tuple(t + p for t, p in zip(state.totals, points, strict=True))
    after = KingState(
        state.seed, state.order, state.first_dealer, state.deal, "over", state.trump,
        state.hands, state.turn, state.leader, (), 0, won, winners, record,
        (*state.results, result), totals,
    )
    if state.deal + 1 == len(state.order):
        return after
    return _start_deal(after, state.deal + 1, None)


def _start_deal(state: KingState, deal: int, hands: tuple[int, ...] | None) -> KingState:
    """Deal ``deal`` (0-based) with its own generator, one card at a time from the declarer
    (§4), unless the hands are given."""
    declarer = (state.first_dealer + deal + 1) % PLAYERS
    if hands is None:
        deck = list(range(52))
        deal_rng(state.seed, deal + 1).shuffle(deck)
        dealt = [0] * PLAYERS
        for i, card in enumerate(deck):
            dealt[(declarer + i) % PLAYERS] |= 1 << card
        hands = tuple(dealt)
    contract = state.order[deal]
    return KingState(
        state.seed, state.order, state.first_dealer, deal, "trump" if contract == TR else "play",
        None, hands, declarer, declarer, (), 0, (0,) * PLAYERS, (), state.last_trick,
        state.results, state.totals,
    )


def _with(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return (*values[:index], value, *values[index + 1:])


def _cards(mask: int) -> tuple[Card, ...]:
    out: list[Card] = []
    for suit in range(4):
        bits = mask >> (13 * suit) & 0x1FFF
        out.extend(CARDS[13 * suit + r] for r in SUIT_RANKS[bits])
    return tuple(out)


def _format_cards(cards: Iterable[Card]) -> str:
    return " ".join(c.symbol for c in cards)


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


def _parse_deal(deal: Sequence[str]) -> tuple[int, ...]:
    """Four strings of 13 cards each, together the whole deck."""
    if isinstance(deal, str) or len(deal) != PLAYERS:
        raise ValueError("deal: give one string of 13 cards for each of the 4 seats")
    hands = []
    seen = 0
    for text in deal:
        cards = parse_cards(text)
        mask = 0
        for c in cards:
            mask |= 1 << c
        if len(cards) != TRICKS or mask.bit_count() != TRICKS or mask & seen:
            raise ValueError(f"deal: each seat needs 13 distinct cards not dealt twice: {text!r}")
        seen |= mask
        hands.append(mask)
    return tuple(hands)

