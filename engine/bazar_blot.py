"""Bazar Blot («Բազար բլոտ»), per ``shared/rules/bazar-blot.md`` version 1 (seed 004, "as played in
HayBlot"); the [D-n] tags below are that spec's decisions.

Four players, seats 0-3 clockwise; teams A = {0, 2} and B = {1, 3}, so a seat's team is
``seat % 2`` [D-1]. 32 cards (7 to A), 8 each, all dealt before the auction [D-3]. The first dealer
is drawn from the seed; the deal passes clockwise after every deal, thrown-in deals too, and
``next(dealer)`` speaks first and leads trick 1 [D-2].

Rules options (keyword arguments of ``new_match``):
    target        151 (default) or 301, the "palace room"; any positive total is accepted [D-17]
    first_dealer  None (default: drawn from the seed) or a seat 0-3, for tests and set positions

Phases: ``auction`` → ``sur`` (only after a Quansh, §5.3) → ``play`` (8 tricks) → the next deal's
``auction``, or ``over``. Four passes throw the deal in: the next dealer deals at once and a result
with ``contract=None`` is recorded, so ``results[k - 1]`` is always deal k.

Action codes:
    bid:9:H       ordinary bid, level 8-50, strain C D H S or B (Boy, no trump): at least 10·L points
    capot:25:S    capot bid, level 25-50: all 8 tricks [D-4]
    bid:pass      pass, in the auction and in the Sur phase; a player who passed may bid later
    quansh        Quansh on the other team's highest bid: closes the bidding, ×2 [D-5]
    sur           Sur, by the declaring team after a Quansh (seat c+1, then c+3): ×4 [D-6]
    play:QS       play a card

IllegalAction keys: not-your-turn, game-over, bad-action (an action of another phase), bid-too-low,
bid-too-high, capot-below-25, nothing-to-quansh, quansh-own-team, bidding-closed, no-quansh,
not-in-hand, must-follow-suit, must-overtrump, must-trump.

Scores are game points (raw ÷ 10) per team; ``scores(state)`` repeats each team's total for both of
its seats. Combinations are found automatically when the auction ends [D-10]; the observation
announces each player's categories from their first card and shows the counting team's cards once
trick 1 is complete (§6.3): those shown cards are the one field (``combinations``) that may name a
card still held, by rule, so it is listed in ``revealed_fields`` (and ``private_fields``).

Observations: ``public_observation`` (``Public``: the shared facts of ``engine.core.Shared`` with
teams ((0, 2), (1, 3)) and standings by team in game points, the auction, contract, tricks and
announcements) and ``observation`` (``Observation``: that plus the seat's hand and combinations).
``history`` holds one ``DealRecord`` per deal, thrown-in deals too, with ``BlotDeal`` facts.
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
    SUIT_SYMBOLS,
    Card,
    cards_of,
    mask_of,
)
from .core import (
    DealRecord,
    GameBase,
    IllegalAction,
    Shared,
    Standings,
    deal_rng,
    extend,
    match_rng,
    places,
    standings,
)
from .describe import hand_lines, seat_line
from .tricks import (
    Play,
    TrickRecord,
    deal_hands,
    parse_hands,
    plays_of,
    seated,
    trick_record,
)

# The IllegalAction keys of the docstring: each has a text in every language (tests/test_locales).
REFUSALS = ("not-your-turn", "game-over", "bad-action", "bid-too-low", "bid-too-high",
            "capot-below-25", "nothing-to-quansh", "quansh-own-team", "bidding-closed",
            "no-quansh", "not-in-hand", "must-follow-suit", "must-overtrump", "must-trump")

BOY = 4  # the no-trump strain; strains 0-3 are the suits C D H S
STRAINS = "CDHSB"
MIN_LEVEL, MAX_LEVEL, CAPOT_LEVEL = 8, 50, 25
TARGETS = (151, 301)
LAST_TRICK = 10
BLOT_POINTS = 20
TEAM_NAMES = "AB"
TEAMS: tuple[tuple[int, ...], ...] = ((0, 2), (1, 3))

# Rank indexes of engine.cards (2 = 0 … A = 12); the 32-card deck holds 5 (the 7) to 12 (the ace).
SEVEN, NINE, TEN, JACK, QUEEN, KING, ACE = 5, 7, 8, 9, 10, 11, 12
DECK: tuple[Card, ...] = tuple(CARDS[s * 13 + r] for s in range(4) for r in range(SEVEN, 13))
DECK_MASK = mask_of(DECK)

# Strength within a suit, by rank index: trump J 9 A 10 K Q 8 7, plain A 10 K Q J 9 8 7 (§3).
_TRUMP_ORDER = {JACK: 7, NINE: 6, ACE: 5, TEN: 4, KING: 3, QUEEN: 2, 6: 1, SEVEN: 0}
_PLAIN_ORDER = {ACE: 7, TEN: 6, KING: 5, QUEEN: 4, JACK: 3, NINE: 2, 6: 1, SEVEN: 0}
_TRUMP_VALUE = {JACK: 20, NINE: 14, ACE: 11, TEN: 10, KING: 4, QUEEN: 3}
_PLAIN_VALUE = {ACE: 11, TEN: 10, KING: 4, QUEEN: 3, JACK: 2}
_BOY_VALUE = {**_PLAIN_VALUE, ACE: 19}


def _per_card(strain: int, trump: dict[int, int], plain: dict[int, int]) -> tuple[int, ...]:
    return tuple((trump if c // 13 == strain else plain).get(c % 13, 0) for c in range(52))


# POWER[strain][card] is the card's trick-taking strength in its suit under that contract.
POWER: tuple[tuple[int, ...], ...] = tuple(
    _per_card(strain, _TRUMP_ORDER, _PLAIN_ORDER) for strain in range(5))
POINTS: tuple[tuple[int, ...], ...] = tuple(
    _per_card(strain, _TRUMP_VALUE, _BOY_VALUE if strain == BOY else _PLAIN_VALUE)
    for strain in range(5))
# HIGHER_TRUMP[card]: the cards of its suit that beat it when that suit is trump.
HIGHER_TRUMP: tuple[int, ...] = tuple(
    mask_of(d for d in DECK if d // 13 == c // 13
            and _TRUMP_ORDER[d % 13] > _TRUMP_ORDER.get(c % 13, -1)) for c in range(52))

# Combinations (§6.1): maximal runs in natural order 7 … A, and fours of a kind.
RUN_KINDS = {3: ("terz", 20), 4: ("fifty", 50)}
HUNDRED = ("hundred", 100)
FOURS = {JACK: ("four-jacks", 200), NINE: ("four-nines", 140), ACE: ("four-aces", 110),
         TEN: ("four-tens", 100), QUEEN: ("four-queens", 100), KING: ("four-kings", 100)}

_FOURS = tuple((mask_of(c), c, kind, points) for rank, (kind, points) in FOURS.items()
               for c in [tuple(CARDS[suit * 13 + rank] for suit in range(4))])


def _runs(bits: int) -> tuple[tuple[int, int], ...]:
    """(first rank offset, length) of each maximal run of 3+ in an 8-bit mask (bit 0 = the 7)."""
    found, start = [], None
    for i in range(9):
        if i < 8 and bits >> i & 1:
            start = i if start is None else start
        elif start is not None:
            if i - start >= 3:
                found.append((start, i - start))
            start = None
    return tuple(found)


_RUNS: tuple[tuple[tuple[int, int], ...], ...] = tuple(_runs(b) for b in range(256))


# --- Actions --------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Bid:
    """A bid: ``bid:9:H`` (ordinary, 10·L points) or ``capot:25:H`` (all 8 tricks).
    ``strain`` is a suit 0-3 (C D H S) or ``BOY`` (4)."""

    level: int
    strain: int
    capot: bool = False

    def __str__(self) -> str:
        return f"{'capot' if self.capot else 'bid'}:{self.level}:{STRAINS[self.strain]}"

    @property
    def label(self) -> str:
        """As players write it: '10♥', '9 Boy', 'Capot 25♥'."""
        text = f"{self.level} Boy" if self.strain == BOY else f"{self.level}{SUIT_SYMBOLS[self.strain]}"
        return "Capot " + text if self.capot else text


@dataclass(frozen=True, slots=True)
class Pass:
    """``bid:pass``: a pass in the auction or in the Sur phase."""

    def __str__(self) -> str:
        return "bid:pass"

    @property
    def label(self) -> str:  # not a class attribute: mypyc would make it a field
        return "Pass"


@dataclass(frozen=True, slots=True)
class Quansh:
    """``quansh``: the defenders' double; closes the bidding."""

    def __str__(self) -> str:
        return "quansh"

    @property
    def label(self) -> str:  # not a class attribute: mypyc would make it a field
        return "Quansh"


@dataclass(frozen=True, slots=True)
class Sur:
    """``sur``: the declarers' answer to a Quansh."""

    def __str__(self) -> str:
        return "sur"

    @property
    def label(self) -> str:  # not a class attribute: mypyc would make it a field
        return "Sur"


PASS, QUANSH, SUR = Pass(), Quansh(), Sur()
Call = Bid | Pass | Quansh | Sur
Action = Call | Play

_BIDS: dict[tuple[int, int, bool], Bid] = {
    (level, strain, capot): Bid(level, strain, capot)
    for level in range(MIN_LEVEL, MAX_LEVEL + 1) for strain in range(5)
    for capot in ((False, True) if level >= CAPOT_LEVEL else (False,))}
# _BIDS_FROM[level]: every legal bid of that level or higher, in button order.
_BIDS_FROM: dict[int, tuple[Bid, ...]] = {
    level: tuple(b for key, b in _BIDS.items() if key[0] >= level)
    for level in range(MIN_LEVEL, MAX_LEVEL + 2)}


# --- Records --------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Contract:
    """The auction's outcome (§5.4). ``quansh`` and ``sur`` are the seats that said them."""

    level: int
    strain: int
    capot: bool
    declarer: int
    multiplier: int
    quansh: int | None
    sur: int | None

    @property
    def team(self) -> int:
        return self.declarer % 2

    @property
    def trump(self) -> int | None:
        return None if self.strain == BOY else self.strain

    @property
    def label(self) -> str:
        text = f"{Bid(self.level, self.strain, self.capot).label} by seat {self.declarer}"
        text += f" (team {TEAM_NAMES[self.team]})"
        return text + {1: "", 2: ", Quansh ×2", 4: ", Quansh and Sur ×4"}[self.multiplier]


@dataclass(frozen=True, slots=True)
class Combo:
    """A combination in one hand: kind is terz, fifty, hundred or four-jacks … four-kings."""

    seat: int
    kind: str
    cards: tuple[Card, ...]
    points: int



@dataclass(frozen=True, slots=True)
class DealResult:
    """One finished deal, for the "deal N ended" message. Pairs are per team (A, B); card points
    are raw, the last trick's 10 included (250 for capot is applied in scoring, not here)."""

    number: int
    dealer: int
    contract: Contract | None  # None: all four passed, thrown in
    made: bool
    tricks: tuple[int, int]
    card_points: tuple[int, int]
    combo_team: int | None  # the team whose combinations counted
    combo_points: tuple[int, int]
    blot_points: tuple[int, int]
    points: tuple[int, int, int, int]  # game points per seat
    totals: tuple[int, int]  # match totals per team after this deal
    counted: tuple[tuple[int, str], ...] = ()  # (seat, kind) of the combinations that counted
    blot_seat: int | None = None
    last_trick: TrickRecord | None = None  # None: thrown in


# --- State ----------------------------------------------------------------------------------------

# The state's fields: its __slots__, and what equality compares (a class compiled by mypyc
# has no __slots__ to read).
STATE_FIELDS: Final = ("target", "seed", "number", "dealer", "phase", "hands", "turn", "calls",
                       "high", "high_seat", "passes", "quansh", "contract", "strain", "trump",
                       "trick", "leader", "tricks", "taken", "won", "combos", "combo_team",
                       "blot_seat", "totals", "results", "winner")


class State:
    """One whole match. Never mutated once ``apply`` has returned it."""

    __slots__ = STATE_FIELDS

    target: int
    seed: int
    number: int  # 1-based deal number, thrown-in deals counted
    dealer: int
    phase: str  # auction, sur, play, over
    hands: tuple[int, ...]  # card masks per seat
    turn: int  # the seat to act; -1 when over
    calls: tuple[tuple[int, Call], ...]  # this deal's auction
    high: Bid | None
    high_seat: int
    passes: int  # consecutive passes
    quansh: int | None  # the seat that said Quansh
    contract: Contract | None
    strain: int  # of the contract, BOY before the play
    trump: int | None
    trick: tuple[int, ...]  # cards of the current trick, from ``leader``
    leader: int
    tricks: tuple[tuple[int, tuple[int, ...], int], ...]  # (leader, cards, winner) this deal
    taken: tuple[int, int]  # card masks won per team
    won: tuple[int, int]  # tricks per team
    combos: tuple[tuple[Combo, ...], ...]  # per seat, found when the auction ends
    combo_team: int | None
    blot_seat: int | None
    totals: tuple[int, int]
    results: tuple[DealResult, ...]
    winner: int | None  # the winning team once over

    def copy(self) -> State:
        """A shallow copy (every field is immutable), written out because it is the hot path."""
        n = State()  # one slot a statement: no tuple built and unpacked
        n.target = self.target
        n.seed = self.seed
        n.number = self.number
        n.dealer = self.dealer
        n.phase = self.phase
        n.hands = self.hands
        n.turn = self.turn
        n.calls = self.calls
        n.high = self.high
        n.high_seat = self.high_seat
        n.passes = self.passes
        n.quansh = self.quansh
        n.contract = self.contract
        n.strain = self.strain
        n.trump = self.trump
        n.trick = self.trick
        n.leader = self.leader
        n.tricks = self.tricks
        n.taken = self.taken
        n.won = self.won
        n.combos = self.combos
        n.combo_team = self.combo_team
        n.blot_seat = self.blot_seat
        n.totals = self.totals
        n.results = self.results
        n.winner = self.winner
        return n

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and all(
            getattr(self, n) == getattr(other, n) for n in STATE_FIELDS)

    def __hash__(self) -> int:
        return hash((self.number, self.hands, self.calls, self.trick, self.totals))


# --- Observation ----------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True, kw_only=True)
class BlotDeal:
    """Bazar Blot's own facts of a finished deal (``DealRecord.facts``). Pairs are per team (A, B),
    in raw points where the name says points; the game points are ``DealRecord.results``. No card
    is named: the cards of a finished deal are back in the next deal's hands."""

    dealer: int
    contract: Contract | None  # None: all four passed, the deal was thrown in
    thrown_in: bool
    made: bool  # the declaring team made its bid (False when thrown in)
    capot: int | None  # the team that took all 8 tricks, if one did
    multiplier: int  # 1, 2 (Quansh) or 4 (Sur); 1 when thrown in
    tricks: tuple[int, int]
    card_points: tuple[int, int]  # raw, the last trick's 10 included (250 for capot not applied)
    combo_team: int | None  # the team whose combinations counted; None: nobody's
    combo_points: tuple[int, int]  # raw combination points counted per team
    combinations: tuple[tuple[int, str], ...]  # (seat, kind) of every counted combination
    blot: int | None  # the seat that held the Blot (it always counts for its team)
    blot_points: tuple[int, int]  # raw, per team


@interpreted
@dataclass(frozen=True, slots=True, kw_only=True)
class Public(Shared):
    """What a spectator may know (§7 Information, §6.3): the auction, the contract, the trick and
    the finished tricks, the tricks won, the announcements; never a hand. ``combinations`` names
    cards still held: the rules show them to all once trick 1 is complete (``revealed_fields``).
    ``tricks`` holds this deal's finished tricks, which everyone saw played; a table shows only
    ``trick`` and ``last_trick`` (Belote custom), the full list is a memory for computer players.
    Pairs are per team (A, B)."""

    dealer: int
    target: int  # 151 or 301
    calls: tuple[tuple[int, Call], ...]  # this deal's auction so far, in order
    high_bid: Bid | None  # the highest bid so far (the contract's bid once the auction ends)
    high_bidder: int | None
    quansh: int | None  # the seat that said Quansh
    contract: Contract | None  # set when the auction is over
    declarer: int | None
    trump: int | None  # the trump suit 0-3 (C D H S) of the contract; None in Boy or before
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[TrickRecord, ...]  # finished tricks of this deal
    hand_sizes: tuple[int, ...]
    tricks_won: tuple[int, int]
    announced: tuple[tuple[str, ...], ...]  # per seat, its categories from its first card (§6.3)
    combo_team: int | None  # known once trick 1 is complete; None also when nobody counts
    combinations: tuple[Combo, ...]  # the counting team's, shown after trick 1
    blot: int | None  # the seat that announced the Blot

    @property
    def last_trick(self) -> TrickRecord | None:
        return self.tricks[-1] if self.tricks else None

    @property
    def trick_number(self) -> int:
        """1-8 during the play."""
        return len(self.tricks) + 1


@interpreted
@dataclass(frozen=True, slots=True, kw_only=True)
class Observation(Public):
    """What one seat may know: the public view and its own hand and combinations."""

    seat: int
    hand: tuple[Card, ...]
    my_combos: tuple[Combo, ...]  # found from the hand during the auction, fixed after it


# --- The game -------------------------------------------------------------------------------------

class BazarBlot(GameBase):
    name: ClassVar[str] = "bazar_blot"
    sizes: ClassVar[tuple[int, ...]] = (4,)
    options: ClassVar[dict[str, tuple[int, ...]]] = {"target": (151, 301)}  # 301: a palace room
    aliases: ClassVar[tuple[str, ...]] = ("blot", "bazar")
    # The counting team's combinations are shown to all after trick 1 by rule (§6.3).
    private_fields: ClassVar[tuple[str, ...]] = ("combinations",)
    revealed_fields: ClassVar[tuple[str, ...]] = ("combinations",)

    def new_match(self, players: int, seed: int, *, deal: Sequence[str] | None = None,
                  **rules: Any) -> State:
        if players != 4:
            raise ValueError("Bazar Blot is played by exactly 4 players")
        unknown = set(rules) - {"target", "first_dealer"}
        if unknown:
            raise ValueError(f"unknown Bazar Blot options: {', '.join(sorted(unknown))}")
        target = rules.get("target", TARGETS[0])
        first_dealer = rules.get("first_dealer")
        if type(target) is not int or target < 1:
            raise ValueError(f"target must be a positive whole number, e.g. 151 or 301: {target!r}")
        if first_dealer is not None and first_dealer not in range(4):
            raise ValueError(f"first_dealer must be a seat 0-3: {first_dealer!r}")
        s = State()
        s.target, s.seed, s.number = target, seed, 1
        s.totals, s.results, s.winner = (0, 0), (), None
        s.dealer = deal_rng(seed, 0).randrange(4) if first_dealer is None else first_dealer
        _start_deal(s, parse_hands(deal, DECK) if deal is not None else _shuffle(seed, 1, s.dealer))
        return s

    def to_act(self, state: State) -> frozenset[int]:
        return _NOBODY if state.phase == "over" else _SEATS[state.turn]

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if seat != state.turn or state.phase == "over":
            return []
        if state.phase == "play":
            hand = state.hands[seat]
            return list(plays_of(legal_mask(hand, state.trick, state.leader, state.trump, seat)))
        if state.phase == "sur":
            return [PASS, SUR]
        actions: list[Action] = [PASS]
        if _quansh_refusal(state, seat) is None:
            actions.append(QUANSH)
        actions.extend(_BIDS_FROM[state.high.level + 1 if state.high else MIN_LEVEL])
        return actions

    def apply(self, state: State, seat: int, action: object) -> State:
        # object, not Action: anything else is refused as illegal, compiled (mypyc) or not
        if state.phase == "over":
            raise IllegalAction("the match is over", "game-over")
        if seat != state.turn:
            raise IllegalAction(f"it is seat {state.turn}'s turn, not seat {seat}'s",
                                "not-your-turn")
        if state.phase == "play":
            if type(action) is not Play:
                raise IllegalAction("the auction is over: play a card", "bad-action")
            return _play(state, seat, action.card)
        if isinstance(action, Play):
            raise IllegalAction("the auction is not over yet", "bad-action")
        if not isinstance(action, (Bid, Pass, Quansh, Sur)):
            raise IllegalAction(f"not a Bazar Blot action: {action!r}", "bad-action")
        if state.phase == "sur":
            return _sur_call(state, seat, action)
        return _call(state, seat, action)

    def public_observation(self, state: State) -> Public:
        playing = state.phase == "play"
        team = state.combo_team if playing and state.tricks else None
        contract = state.contract
        return Public(
            game=self.name, phase=state.phase, deal=state.number, deals=None,
            to_act=self.to_act(state), standings=_standings(state.totals), teams=TEAMS,
            history=_history(state),
            dealer=state.dealer, target=state.target, calls=state.calls,
            high_bid=state.high, high_bidder=state.high_seat if state.high else None,
            quansh=state.quansh, contract=contract,
            declarer=contract.declarer if contract else None, trump=state.trump,
            trick=seated(state.leader, state.trick),
            tricks=tuple(trick_record(t) for t in state.tricks),
            hand_sizes=tuple(m.bit_count() for m in state.hands), tricks_won=state.won,
            announced=tuple(tuple(c.kind for c in state.combos[i]) if _has_played(state, i)
                            else () for i in range(4)),
            combo_team=team,
            combinations=() if team is None else state.combos[team] + state.combos[team + 2],
            blot=state.blot_seat if playing and _blot_announced(state) else None,
        )

    def observation(self, state: State, seat: int) -> Observation:
        playing = state.phase == "play"
        mine = (state.combos[seat] if playing else find_combos(seat, state.hands[seat])
                if state.phase != "over" else ())
        return extend(Observation, self.public_observation(state), seat=seat,
                      hand=tuple(cards_of(state.hands[seat])), my_combos=mine)

    def scores(self, state: State) -> tuple[int, ...]:
        a, b = state.totals
        return (a, b, a, b)

    def rankings(self, state: State) -> tuple[int, ...]:
        """Each seat's place is its team's: (1, 2, 1, 2) when team A wins."""
        a, b = places(state.totals, low_wins=False)
        return (a, b, a, b)

    def parse_action(self, code: str) -> Action:
        if code == "bid:pass":
            return PASS
        if code == "quansh":
            return QUANSH
        if code == "sur":
            return SUR
        if code.startswith("play:"):
            card = Play.parse(code)
            if not DECK_MASK >> card.card & 1:
                raise ValueError(f"{code!r}: Bazar Blot uses the cards 7 to A")
            return card
        kind, _, rest = code.partition(":")
        level, _, strain = rest.partition(":")
        if kind not in ("bid", "capot") or not level.isdigit() or strain not in tuple(STRAINS):
            raise ValueError(f"not a Bazar Blot action: {code!r}")
        return Bid(int(level), STRAINS.index(strain), kind == "capot")

    # For the invariant tests: every card of the deal, wherever it is now.
    def card_locations(self, state: State) -> list[int]:
        return [c for m in (*state.hands, *state.taken) for c in cards_of(m)] + list(state.trick)

    def deck_of(self, state: State) -> list[int]:
        return list(DECK)

    def hands(self, state: State) -> list[list[int]]:
        return [list(cards_of(m)) for m in state.hands]

    def describe(self, obs: Observation) -> str:
        """Plain text for the terminal table."""
        a, b = obs.standings.values
        lines = [f"Bazar Blot, deal {obs.deal}, dealer seat {obs.dealer}, {obs.phase}, "
                 f"match to {obs.target}. Team A (seats 0, 2) {a}, team B (seats 1, 3) {b}"]
        if obs.last_deal:
            lines.append("Last deal: " + _result_text(obs.last_deal))
        if obs.calls:
            lines.append("Auction: " + ", ".join(f"{s} {c.label}" for s, c in obs.calls))
        if obs.contract:
            lines.append("Contract: " + obs.contract.label)
        lines += [seat_line(i, obs.seat, obs.to_act, f"team {TEAM_NAMES[i % 2]}"
                            + "".join(f"  {kind}" for kind in obs.announced[i])
                            + ("  Blot" if obs.blot == i else "")) for i in range(4)]
        if obs.phase == "play":
            lines += _play_lines(obs)
        lines += hand_lines(obs.hand)
        if obs.phase == "over":
            lines.append(f"Match over: team {TEAM_NAMES[obs.standings.order[0]]} wins.")
        return "\n".join(lines)


GAME = BazarBlot()
_SEATS = tuple(frozenset((i,)) for i in range(4))
_NOBODY: frozenset[int] = frozenset()


# --- Rules as functions (the worked examples test these directly) ---------------------------------

def legal_mask(hand: int, trick: Sequence[int], leader: int, trump: int | None, me: int) -> int:
    """§7.1: the cards of ``hand`` that ``me`` may play to ``trick`` (cards in play order from
    ``leader``), as a bitmask. ``trump`` is a suit, or None in Boy."""
    if not trick:
        return hand
    led = trick[0] // 13
    follow = hand & SUIT_MASKS[led]
    if follow:
        if led == trump:  # over-trump when able, even over the partner [D-19]
            return follow & HIGHER_TRUMP[_highest_trump(trick, trump)] or follow
        return follow
    if trump is None:
        return hand
    trumps = hand & SUIT_MASKS[trump]
    if not trumps:
        return hand
    if (leader + winning_index(trick, trump)) % 2 == me % 2:
        return hand  # the partner is taking the trick
    if not any(c // 13 == trump for c in trick):
        return trumps
    return trumps & HIGHER_TRUMP[_highest_trump(trick, trump)] or hand  # no under-trump duty [D-9]


def winning_index(cards: Sequence[int], strain: int | None) -> int:
    """Index (in play order) of the card that takes the trick under ``strain`` (a suit, BOY or
    None): the highest trump if any, else the highest card of the led suit; the rule every
    trick game shares (engine.tricks), with Blot's ranks under that strain."""
    trump = None if strain is None or strain == BOY else strain
    return tricks.trick_winner(cards, trump, POWER[BOY if strain is None else strain])


def find_combos(seat: int, hand: int) -> tuple[Combo, ...]:
    """The combinations of one 8-card hand (§6.1): maximal runs, then fours of a kind."""
    found: list[Combo] = []
    for suit in range(4):
        base = suit * 13 + SEVEN
        for start, length in _RUNS[hand >> base & 0xFF]:
            kind, points = RUN_KINDS.get(length, HUNDRED)
            run = tuple(CARDS[base + r] for r in range(start, start + length))
            found.append(Combo(seat, kind, run, points))
    for four, cards, kind, points in _FOURS:
        if hand & four == four:
            found.append(Combo(seat, kind, cards, points))
    return tuple(found)


def combo_summary(hands: Sequence[int], strain: int
                  ) -> tuple[int | None, tuple[int, int], tuple[int, int]]:
    """(team whose combinations count or None, combination points per team, Blot points per team)
    for four hands under ``strain`` (§6.2)."""
    combos = [find_combos(seat, hand) for seat, hand in enumerate(hands)]
    team = counting_team(combos, strain)
    blot = blot_holder(hands, strain)
    return team, _combo_points(combos, team), _blot_points(blot)


def counting_team(combos: Sequence[Sequence[Combo]], strain: int) -> int | None:
    """The team holding the strongest single combination; None if neither has one or they tie."""
    best = [max((_combo_key(c, strain) for s in (t, t + 2) for c in combos[s]), default=None)
            for t in (0, 1)]
    a, b = best
    if a is None and b is None or a == b:
        return None
    if b is None or a is not None and a > b:
        return 0
    return 1


def blot_holder(hands: Sequence[int], strain: int) -> int | None:
    """The seat holding both K and Q of trump; never in Boy."""
    if strain == BOY:
        return None
    pair = 1 << (strain * 13 + KING) | 1 << (strain * 13 + QUEEN)
    return next((seat for seat, hand in enumerate(hands) if hand & pair == pair), None)


def score_deal(level: int, capot: bool, team: int, multiplier: int,
               card_points: tuple[int, int], tricks: tuple[int, int],
               combos: tuple[int, int], blots: tuple[int, int]) -> tuple[tuple[int, int], bool]:
    """§8.2: ((game points of team A, of team B), made) for a contract of ``level`` (capot or not)
    by ``team`` with multiplier 1, 2 or 4. Inputs are raw points per team: cards with the last
    trick (summing to 162), counted combinations, Blots."""
    d, f = team, 1 - team
    sweep = 0 if tricks[0] == 8 else 1 if tricks[1] == 8 else None
    raw = card_points if sweep is None else (250 * (sweep == 0), 250 * (sweep == 1))
    if capot:
        made = tricks[d] == 8
    else:  # at least 10·L with combinations and own Blot, and at least one trick [D-8]
        made = tricks[d] > 0 and raw[d] + combos[d] + blots[d] >= 10 * level
    out = [blots[0] // 10, blots[1] // 10]  # the Blot stays with its team, unmultiplied [D-20]
    if multiplier == 1 and made:
        cards = [0, 0]
        if sweep is not None:
            cards[sweep] = 25
        else:
            cards[d] = (raw[d] + 3) // 10  # 7-9 rounds up, 0-6 down [D-14]
            cards[f] = 16 - cards[d]
        out[d] += cards[d] + level + combos[d] // 10
        out[f] += cards[f] + combos[f] // 10
    else:  # failed, or multiplied: the whole deal to one team [D-16] [D-18]
        gets = d if made else f
        base = 25 if tricks[gets] == 8 else 16
        out[gets] += multiplier * (base + level + (combos[0] + combos[1]) // 10)
    return (out[0], out[1]), made


def match_winner(totals: tuple[int, int], target: int) -> int | None:
    """§8.3: the team that has won after a deal, or None to play on (nobody at the target, or
    equal totals)."""
    a, b = totals
    if max(a, b) < target or a == b:
        return None
    return 0 if a > b else 1


def rollout(state: State, rng: random.Random) -> tuple[int, ...]:
    """Game points per seat of the current deal after random legal play to its end, from a
    position in the play phase. Ints only, no new states: the path search players call."""
    hands, taken, won = list(state.hands), list(state.taken), list(state.won)
    trick, leader, trump, strain = list(state.trick), state.leader, state.trump, state.strain
    done, rand = len(state.tricks), rng.random
    seat = (leader + len(trick)) % 4
    while True:
        hand = hands[seat]
        if not trick:
            legal = hand
        else:  # following a plain suit is the common case; the rest goes to the rule
            led = trick[0] // 13
            legal = hand & SUIT_MASKS[led]
            if not legal or led == trump:
                legal = legal_mask(hand, trick, leader, trump, seat)
        for _ in range(int(rand() * legal.bit_count())):
            legal &= legal - 1  # drop the lowest card: k drops pick the k-th card
        card = (legal & -legal).bit_length() - 1
        hands[seat] = hand & ~(1 << card)
        trick.append(card)
        if len(trick) < 4:
            seat = (seat + 1) % 4
            continue
        seat = leader = (leader + winning_index(trick, strain)) % 4
        team = seat % 2
        taken[team] |= 1 << trick[0] | 1 << trick[1] | 1 << trick[2] | 1 << trick[3]
        won[team] += 1
        done += 1
        if done == 8:
            (a, b), *_ = _deal_score(state, taken, won, team)
            return a, b, a, b
        trick = []


def deal_rules(state: State) -> dict[str, object]:
    """The keywords of ``new_match`` that, with ``deal=`` the hands of the deal being played,
    start a match at this deal as it began (its dealer): one deal replayed alone (engine/paste.py)."""
    return {"target": state.target, "first_dealer": state.dealer}


def start_of_play(state: State) -> State:
    """The first position of the play of the current deal: if the auction is still on, the next
    speaker bids 8 in a strain drawn from a fixed generator and the others pass. For benchmarks
    and search."""
    rng = match_rng(state.seed, "start-of-play")
    while state.phase in ("auction", "sur"):
        legal = GAME.legal_actions(state, state.turn)
        bids = [a for a in legal if isinstance(a, Bid) and not a.capot]
        action = bids[rng.randrange(5)] if state.high is None else PASS
        state = GAME.apply(state, state.turn, action)
    return state


# --- Search helpers: the Hard player's sampled worlds and playouts --------------------------------

def world_state(obs: Observation, hands: Sequence[int]) -> State:
    """A state that shows ``obs.seat`` what ``obs`` shows, with ``hands`` (masks, the seat's own
    among them) as the cards each seat still holds: a sampled world for search. The match's seed
    and history are not rebuilt; the combinations are found in the hands, except that once trick 1
    is complete the counting team and its shown combinations are the observation's."""
    s = State()
    s.target, s.seed, s.number, s.dealer = obs.target, 0, obs.deal, obs.dealer
    s.phase, s.hands, s.calls = obs.phase, tuple(hands), obs.calls
    s.turn = next(iter(obs.to_act), -1)
    s.high, s.quansh, s.contract = obs.high_bid, obs.quansh, obs.contract
    s.high_seat = -1 if obs.high_bidder is None else obs.high_bidder
    s.passes = 0
    for _, call in reversed(obs.calls):
        if type(call) is not Pass:
            break
        s.passes += 1
    s.strain = obs.contract.strain if obs.contract else BOY
    s.trump = obs.trump
    s.tricks = tuple((t.leader, tuple(int(c) for _, c in t.cards), t.winner) for t in obs.tricks)
    s.trick = tuple(int(c) for _, c in obs.trick)
    s.leader = (obs.trick[0][0] if obs.trick else s.tricks[-1][2] if s.tricks
                else (obs.dealer + 1) % 4)
    taken, won = [0, 0], [0, 0]
    for _, cards, winner in s.tricks:
        taken[winner % 2] |= mask_of(cards)
        won[winner % 2] += 1
    s.taken, s.won = (taken[0], taken[1]), (won[0], won[1])
    a, b, *_ = obs.standings.values
    s.totals, s.results, s.winner = (a, b), (), None
    s.combos, s.combo_team, s.blot_seat = ((), (), (), ()), None, None
    if obs.phase == "play":
        _world_combos(s, obs)
    return s


def _world_combos(s: State, obs: Observation) -> None:
    played = [0, 0, 0, 0]
    for seat, card in (*(p for t in obs.tricks for p in t.cards), *obs.trick):
        played[seat] |= 1 << card
    dealt = [s.hands[i] | played[i] for i in range(4)]
    combos = [find_combos(i, dealt[i]) for i in range(4)]
    if obs.tricks:  # trick 1 is complete: the counting team is known, its combinations shown
        team = s.combo_team = obs.combo_team
        if team is not None:
            for seat in (team, team + 2):
                combos[seat] = tuple(c for c in obs.combinations if c.seat == seat)
    else:
        s.combo_team = counting_team(combos, s.strain)
    s.combos = tuple(combos)
    s.blot_seat = obs.blot if obs.blot is not None else blot_holder(dealt, s.strain)


# Normal's cost of giving a card up, the Blot aside: its points twice, its strength, +30 a trump.
KEEP_COST: tuple[tuple[int, ...], ...] = tuple(
    tuple(POINTS[st][c] * 2 + POWER[st][c] + 30 * (c // 13 == st) for c in range(52))
    for st in range(5))
# STRONGER[strain][card]: the cards of the card's suit that beat it under that strain.
STRONGER: tuple[tuple[int, ...], ...] = tuple(
    tuple(mask_of(d for d in DECK if d // 13 == c // 13 and POWER[st][d] > POWER[st][c])
          for c in range(52)) for st in range(5))


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def normal_card(hand: int, legal: int, others: int, trick: Sequence[int], leader: int, seat: int,
                strain: int, voids: Sequence[int], declaring: bool) -> int:
    """Normal's play rule (``engine.players.bazar_blot.choose_card``) on ints, for playouts.
    ``others`` is every card the other seats still hold (what the seat calls "out"), ``voids[s]``
    the suits (bits) seat ``s`` is known to lack."""
    cards = _cards(legal)
    if len(cards) == 1:
        return cards[0]
    power, points, stronger = POWER[strain], POINTS[strain], STRONGER[strain]
    trump = strain if strain != BOY else -1
    keep = KEEP_COST[strain]
    cost = {c: keep[c] for c in cards}
    if trump >= 0 and hand >> (trump * 13 + KING) & 1 and hand >> (trump * 13 + QUEEN) & 1:
        for c in (trump * 13 + KING, trump * 13 + QUEEN):
            if c in cost:
                cost[c] += 25  # keep the Blot together
    n = len(trick)
    risky = [False] * 4  # a suit an opponent still to play may ruff
    if trump >= 0 and others & SUIT_MASKS[trump]:
        for i in range(1, 4 - n):
            s = (seat + i) % 4
            if s % 2 != seat % 2 and not voids[s] >> trump & 1:
                for suit in range(4):
                    if suit != trump and voids[s] >> suit & 1:
                        risky[suit] = True
    if n == 0:
        if declaring and trump >= 0 and others & SUIT_MASKS[trump]:
            trumps = [c for c in cards if c // 13 == trump]
            masters = [c for c in trumps if not others & stronger[c]]
            if masters:
                return max(masters, key=power.__getitem__)
            if len(trumps) >= 2:
                return min(trumps, key=cost.__getitem__)
        sure = [c for c in cards if c // 13 != trump and not others & stronger[c]
                and not risky[c // 13]]
        if sure:
            return max(sure, key=points.__getitem__)
        plain = [c for c in cards if c // 13 != trump] or cards
        return min(plain, key=lambda c: cost[c] - 3 * (hand & SUIT_MASKS[c // 13]).bit_count())
    best = winning_index(trick, strain)
    top = trick[best]
    if (leader + best) % 2 == seat % 2:  # the partner holds the trick
        if n == 3 or not others & stronger[top] and not risky[top // 13]:
            return max(cards, key=lambda c: (points[c] - 40 * (c // 13 == trump), -power[c]))
        return min(cards, key=cost.__getitem__)
    winners = [c for c in cards if (power[c] > power[top] if c // 13 == top // 13
                                    else c // 13 == trump)]
    if winners:
        if n == 3:
            return min(winners, key=lambda c: (power[c] + 20 * (c // 13 == trump), -points[c]))
        safe = [c for c in winners if not others & stronger[c] and not risky[c // 13]]
        if safe:
            return min(safe, key=cost.__getitem__)
        if sum(points[c] for c in trick) >= 10 or any(c // 13 == trump for c in winners):
            return max(winners, key=lambda c: power[c] + 20 * (c // 13 == trump))
    return min(cards, key=cost.__getitem__)


def playout(state: State, voids: Sequence[int], first: int, rng: random.Random) -> tuple[int, int]:
    """Game points per team (A, B) of the current deal after play to its end by Normal's rule
    (``normal_card``), from a position in the play phase; ``first`` (a card, or -1) is the next
    card played. ``voids`` are the suits (bits per seat) known to be lacking so far; the playout
    learns more as seats fail to follow. Ints only: the path search players call. Normal's rule
    needs no luck, so ``rng`` is only there for the search's signature."""
    contract = state.contract
    assert contract is not None
    hands, taken, won = list(state.hands), list(state.taken), list(state.won)
    trick, leader, trump, strain = list(state.trick), state.leader, state.trump, state.strain
    voids, done, team_d = list(voids), len(state.tricks), contract.team
    seat = (leader + len(trick)) % 4
    while True:
        hand = hands[seat]
        if not trick:
            legal = hand
        else:  # following a plain suit is the common case; the rest goes to the rule
            led = trick[0] // 13
            legal = hand & SUIT_MASKS[led]
            if not legal or led == trump:
                legal = legal_mask(hand, trick, leader, trump, seat)
        if first >= 0:
            card, first = first, -1
        else:
            others = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hand
            card = normal_card(hand, legal, others, trick, leader, seat, strain, voids,
                               seat % 2 == team_d)
        if trick and card // 13 != trick[0] // 13:
            _note_void(voids, trick, leader, seat, card, strain)
        hands[seat] = hand & ~(1 << card)
        trick.append(card)
        if len(trick) < 4:
            seat = (seat + 1) % 4
            continue
        seat = leader = (leader + winning_index(trick, strain)) % 4
        team = seat % 2
        taken[team] |= 1 << trick[0] | 1 << trick[1] | 1 << trick[2] | 1 << trick[3]
        won[team] += 1
        done += 1
        if done == 8:
            return _deal_score(state, taken, won, team)[0]
        trick = []


def _note_void(voids: list[int], trick: Sequence[int], leader: int, seat: int, card: int,
               strain: int) -> None:
    """What Normal reads from a card that does not follow: the led suit is gone, and so are the
    trumps if it neither trumped nor left the trick to its partner."""
    led = trick[0] // 13
    voids[seat] |= 1 << led
    if strain != BOY and card // 13 != strain and led != strain \
            and (leader + winning_index(trick, strain)) % 2 != seat % 2:
        voids[seat] |= 1 << strain


# --- Private helpers ------------------------------------------------------------------------------

def _call(state: State, seat: int, action: Call) -> State:
    if type(action) is Bid:
        _check_bid(state, action)
    elif type(action) is Quansh:
        why = _quansh_refusal(state, seat)
        if why is not None:
            raise IllegalAction(why[0], why[1])
    elif type(action) is Sur:
        raise IllegalAction("Sur answers a Quansh; nobody has said Quansh", "no-quansh")
    elif type(action) is not Pass:
        raise IllegalAction(f"not a Bazar Blot action: {action!r}", "bad-action")
    s = state.copy()
    s.calls = state.calls + ((seat, action),)
    s.turn = (seat + 1) % 4
    if type(action) is Bid:
        s.high, s.high_seat, s.passes = action, seat, 0
    elif type(action) is Quansh:
        s.phase, s.quansh = "sur", seat
    else:
        s.passes += 1
        if s.high is None and s.passes == 4:
            _throw_in(s)
        elif s.high is not None and s.passes == 3:
            _begin_play(s, 1, None)
    return s


def _check_bid(state: State, bid: Bid) -> None:
    floor = state.high.level + 1 if state.high else MIN_LEVEL
    if bid.level < floor:
        raise IllegalAction(f"a bid must be {floor} or more", "bid-too-low")
    if bid.level > MAX_LEVEL:
        raise IllegalAction(f"the highest bid is {MAX_LEVEL}", "bid-too-high")
    if bid.capot and bid.level < CAPOT_LEVEL:
        raise IllegalAction(f"capot may be bid from {CAPOT_LEVEL}", "capot-below-25")
    if bid.strain not in range(5):
        raise IllegalAction(f"no such strain: {bid.strain}", "bad-action")


def _quansh_refusal(state: State, seat: int) -> tuple[str, str] | None:
    if state.high is None:
        return "Quansh needs a bid to double", "nothing-to-quansh"
    if state.high_seat % 2 == seat % 2:
        return "Quansh is said on the other team's bid", "quansh-own-team"
    return None


def _sur_call(state: State, seat: int, action: Call) -> State:
    if type(action) in (Bid, Quansh):
        raise IllegalAction("after Quansh only Sur or pass may be said", "bidding-closed")
    if type(action) not in (Pass, Sur):
        raise IllegalAction(f"not a Bazar Blot action: {action!r}", "bad-action")
    s = state.copy()
    s.calls = state.calls + ((seat, action),)
    quansh = state.quansh if state.quansh is not None else seat
    if type(action) is Sur:
        _begin_play(s, 4, seat)
    elif seat == (quansh + 1) % 4:
        s.turn = (quansh + 3) % 4  # the Quansh-sayer's partner is skipped
    else:
        _begin_play(s, 2, None)
    return s


def _begin_play(s: State, multiplier: int, sur: int | None) -> None:
    """The auction is over: fix the contract, find the combinations, lead from next(dealer)."""
    high = s.high
    assert high is not None
    s.contract = Contract(high.level, high.strain, high.capot, s.high_seat, multiplier,
                          s.quansh, sur)
    s.strain = high.strain
    s.trump = s.contract.trump
    s.combos = tuple(find_combos(seat, hand) for seat, hand in enumerate(s.hands))
    s.combo_team = counting_team(s.combos, high.strain)
    s.blot_seat = blot_holder(s.hands, high.strain)
    s.phase = "play"
    s.leader = s.turn = (s.dealer + 1) % 4


def _play(state: State, seat: int, card: int) -> State:
    hand = state.hands[seat]
    if not hand >> card & 1:
        raise IllegalAction(f"{CARDS[card]} is not in your hand", "not-in-hand")
    if not legal_mask(hand, state.trick, state.leader, state.trump, seat) >> card & 1:
        raise IllegalAction(f"{CARDS[card].symbol} may not be played now", _why_illegal(
            state, seat, card))
    s = state.copy()
    hands = list(state.hands)
    hands[seat] = hand & ~(1 << card)
    s.hands = tuple(hands)
    trick = state.trick + (card,)
    if len(trick) < 4:
        s.trick, s.turn = trick, (seat + 1) % 4
        return s
    winner = (state.leader + winning_index(trick, state.strain)) % 4
    team = winner % 2
    taken, won = list(state.taken), list(state.won)
    taken[team] |= 1 << trick[0] | 1 << trick[1] | 1 << trick[2] | 1 << trick[3]
    won[team] += 1
    s.taken, s.won = (taken[0], taken[1]), (won[0], won[1])
    s.tricks = state.tricks + ((state.leader, trick, winner),)
    s.trick, s.leader, s.turn = (), winner, winner
    if len(s.tricks) == 8:
        _end_deal(s)
    return s


def _why_illegal(state: State, seat: int, card: int) -> str:
    led = state.trick[0] // 13
    if state.hands[seat] & SUIT_MASKS[led]:
        return "must-overtrump" if card // 13 == led else "must-follow-suit"
    return "must-overtrump" if card // 13 == state.trump else "must-trump"


def _end_deal(s: State) -> None:
    """Score the deal (§8.2), then end the match (§8.3) or deal again."""
    contract = s.contract
    assert contract is not None
    (a, b), made, cards, combos, blots = _deal_score(s, s.taken, s.won, s.tricks[-1][2] % 2)
    s.totals = (s.totals[0] + a, s.totals[1] + b)
    counted = () if s.combo_team is None else tuple(
        (c.seat, c.kind) for seat in (s.combo_team, s.combo_team + 2) for c in s.combos[seat])
    s.results = (*s.results, DealResult(
        s.number, s.dealer, contract, made, s.won, cards, s.combo_team, combos, blots,
        (a, b, a, b), s.totals, counted, s.blot_seat, trick_record(s.tricks[-1])))
    s.winner = match_winner(s.totals, s.target)
    if s.winner is not None:
        s.phase, s.turn = "over", -1
    else:
        _next_deal(s)


def _deal_score(s: State, taken: Sequence[int], won: Sequence[int], last_team: int
                ) -> tuple[tuple[int, int], bool, tuple[int, int], tuple[int, int], tuple[int, int]]:
    """(points per team, made, raw card points, counted combinations, Blots) of the deal of ``s``
    once its 8 tricks have been won as ``taken`` and ``won`` say."""
    contract = s.contract
    assert contract is not None
    cards = (_card_points(taken[0], s.strain) + LAST_TRICK * (last_team == 0),
             _card_points(taken[1], s.strain) + LAST_TRICK * (last_team == 1))
    combos = _combo_points(s.combos, s.combo_team)
    blots = _blot_points(s.blot_seat)
    points, made = score_deal(contract.level, contract.capot, contract.team, contract.multiplier,
                              cards, (won[0], won[1]), combos, blots)
    return points, made, cards, combos, blots


def _standings(totals: tuple[int, int]) -> Standings:
    return standings(totals, unit="points", by_team=True)


def _history(state: State) -> tuple[DealRecord, ...]:
    """Every finished deal, thrown-in ones too, as a record: game points per team, the totals
    after it, and the deal's facts."""
    return tuple(DealRecord(r.number, (r.points[0], r.points[1]), _standings(r.totals), BlotDeal(
        dealer=r.dealer, contract=r.contract, thrown_in=r.contract is None, made=r.made,
        capot=0 if r.tricks[0] == 8 else 1 if r.tricks[1] == 8 else None,
        multiplier=r.contract.multiplier if r.contract else 1, tricks=r.tricks,
        card_points=r.card_points, combo_team=r.combo_team, combo_points=r.combo_points,
        combinations=r.counted, blot=r.blot_seat, blot_points=r.blot_points), r.last_trick)
        for r in state.results)


def _throw_in(s: State) -> None:
    s.results = (*s.results, DealResult(s.number, s.dealer, None, False, (0, 0), (0, 0), None,
                                        (0, 0), (0, 0), (0, 0, 0, 0), s.totals))
    _next_deal(s)


def _next_deal(s: State) -> None:
    s.number += 1
    s.dealer = (s.dealer + 1) % 4
    _start_deal(s, _shuffle(s.seed, s.number, s.dealer))


def _shuffle(seed: int, number: int, dealer: int) -> tuple[int, ...]:
    """§4: card i of the shuffled deck goes to seat next(dealer) + i."""
    return deal_hands(DECK, deal_rng(seed, number), dealer + 1)


def _start_deal(s: State, hands: tuple[int, ...]) -> None:
    s.hands, s.phase, s.turn = hands, "auction", (s.dealer + 1) % 4
    s.calls, s.high, s.high_seat, s.passes, s.quansh = (), None, -1, 0, None
    s.contract, s.strain, s.trump = None, BOY, None
    s.trick, s.leader, s.tricks, s.taken, s.won = (), s.turn, (), (0, 0), (0, 0)
    s.combos, s.combo_team, s.blot_seat = ((), (), (), ()), None, None




def _highest_trump(trick: Sequence[int], trump: int) -> int:
    power = POWER[trump]
    return max((c for c in trick if c // 13 == trump), key=power.__getitem__)


def _combo_key(combo: Combo, strain: int) -> tuple[int, int, int, int, int]:
    """§6.2: value, four over sequence, then a four's rank, or a sequence's length, top card and
    trump."""
    top = combo.cards[-1]
    if combo.kind.startswith("four"):
        return combo.points, 1, top % 13, 0, 0
    return combo.points, 0, len(combo.cards), top % 13, int(top // 13 == strain)


def _combo_points(combos: Sequence[Sequence[Combo]], team: int | None) -> tuple[int, int]:
    if team is None:
        return 0, 0
    points = sum(c.points for s in (team, team + 2) for c in combos[s])
    return (points, 0) if team == 0 else (0, points)


def _blot_points(seat: int | None) -> tuple[int, int]:
    if seat is None:
        return 0, 0
    return (BLOT_POINTS, 0) if seat % 2 == 0 else (0, BLOT_POINTS)


# Card points of one suit's 8 rank bits: [kind][bits], kind 0 plain, 1 trump, 2 plain in Boy.
_SUIT_POINTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(values.get(SEVEN + i, 0) for i in range(8) if bits >> i & 1) for bits in range(256))
    for values in (_PLAIN_VALUE, _TRUMP_VALUE, _BOY_VALUE))


def _card_points(mask: int, strain: int) -> int:
    kind = 2 if strain == BOY else 0
    return sum(_SUIT_POINTS[1 if suit == strain else kind][mask >> (suit * 13 + SEVEN) & 0xFF]
               for suit in range(4))


def _has_played(state: State, seat: int) -> bool:
    if state.phase != "play":
        return False
    return bool(state.tricks) or (seat - state.leader) % 4 < len(state.trick)


def _blot_announced(state: State) -> bool:
    """The Blot is announced when its holder plays the first of the two cards."""
    seat, trump = state.blot_seat, state.trump
    if seat is None or trump is None:
        return False
    pair = 1 << (trump * 13 + KING) | 1 << (trump * 13 + QUEEN)
    return state.hands[seat] & pair != pair




def _play_lines(obs: Observation) -> list[str]:
    a, b = obs.tricks_won
    lines = [f"Tricks won: A {a}, B {b}"]
    if obs.last_trick:
        shown = " ".join(f"{s}:{c.symbol}" for s, c in obs.last_trick.cards)
        lines.append(f"Last trick: {shown} -> seat {obs.last_trick.winner}")
    trick = " ".join(f"{s}:{c.symbol}" for s, c in obs.trick) or "(to lead)"
    lines.append(f"Trick {obs.trick_number}: {trick}")
    if obs.trick_number > 1:
        if obs.combo_team is None:
            lines.append("Combinations: none count")
        else:
            shown = "; ".join(f"{c.kind} {' '.join(x.symbol for x in c.cards)} (seat {c.seat})"
                              for c in obs.combinations)
            lines.append(f"Combinations count for team {TEAM_NAMES[obs.combo_team]}: {shown}")
    return lines


def _result_text(record: DealRecord) -> str:
    r: BlotDeal = record.facts
    if r.contract is None:
        return f"deal {record.number}: all passed, dealt again"
    made = "made" if r.made else "failed"
    a, b = record.results
    return (f"deal {record.number}: {r.contract.label}, {made}; tricks A {r.tricks[0]} B"
            f" {r.tricks[1]}, card points A {r.card_points[0]} B {r.card_points[1]}; A +{a}, B +{b}")
