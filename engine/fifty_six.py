"""56 («Fifty-Six»), per ``shared/rules/56.md`` (spec version 1, seed 001); § refers to that spec.

4, 6 or 8 players in teams of two, partners opposite: ``team(seat) = seat % (players // 2)``. Two
decks, so every card exists twice (§2): A K Q J 10 9 for 4 and 6 players (48 cards), down to the
7 for 8 (64 cards). Ranks J 9 A 10 K Q 8 7 (high to low), points J 3, 9 2, A 1, 10 1: 56 a deal.
Teams stake tables (§3); a team without tables leaves, and the match ends when one team is left.

Rules options (keyword arguments of ``new_match``):
    tables        tables each team starts with (default 12, §3)
    first_dealer  seat of the first dealer (default None: drawn from the seed, §4)
    team_tables   None (default), or each team's tables as "9,0,15": a match that starts as a
                  later deal did, the teams at 0 gone (one deal replayed alone, engine/paste.py)

Phases: ``auction`` (§5) → ``play`` (§6) → the next deal's ``auction``, or ``over``. The last card
of a deal settles it (§8), removes teams left without tables and deals again at once, so someone
is always to act until the end.

Observations (issue 11): ``public_observation`` is what the group sees (``Public``: tables as
``standings`` per team, unit "tables", placed by the rankings; ``teams`` the seats of each team;
``active`` the seats still in; the auction, contract, tricks and card points so far), and a
seat's ``Observation`` adds its hand. ``history`` holds one ``core.DealRecord`` per finished
deal: ``results`` the table changes per team, ``standings`` the tables after it, ``facts`` a
``FiftySixDeal`` (dealer, contract, card points, made, teams eliminated). The state keeps its own
``Settlement`` records and per-seat ``results``.

Action codes:
    bid:pass                  pass (not final: the same player may bid later, §5.1)
    bid:28:D  bid:30:NT       bid 28..56 in a suit (C D H S) or no trumps, strictly above the
                              high bid; the number alone counts
    bid:30:D:plus-suit        the same bid spoken in an informative form (§5.6): num-suit,
                              suit-num, num-nt, num-noes, plus-suit, plus-2-noes. A label only;
                              the recorded call carries the default form when none is given;
                              bids equal by value and denomination are one action (the form
                              is not compared), so ``legal_actions`` lists each bid once
    bid:double                double the high bid of another team (once)
    bid:redouble              redouble the own team's doubled bid; ends the auction
    play:JS                   play a J♠ (either copy: the two are the same card for the player)

IllegalAction keys: not-your-turn, game-over, illegal (a call during play, a card during the
auction), bid-too-low, bad-bid-form (form does not match the bid), cannot-double,
cannot-redouble, not-in-hand, must-follow-suit.

Hands hold duplicates as two bitmasks per seat: ``held`` (at least one copy) and ``twice`` (both
copies, a subset of ``held``). Legal cards and following suit read ``held`` alone.

For search: ``rollout(state, rng)`` plays the deal out at random on ints alone and returns card
points per team; ``start_of_play(state)`` closes an auction at once. ``legal_cards``,
``trick_winner`` and ``settle`` are the spec's normative algorithms as plain functions.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar, Final

from . import tricks
from .build import interpreted
from .cards import CARDS, SUIT_MASKS, SUIT_SYMBOLS, Card, cards_of, parse_cards, rank_label
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
from .tricks import Play, plays_of

# The IllegalAction keys of the docstring: each has a text in every language (tests/test_locales).
REFUSALS = ("not-your-turn", "game-over", "illegal", "bid-too-low", "bad-bid-form",
            "cannot-double", "cannot-redouble", "not-in-hand", "must-follow-suit")

C, D, H, S, NT = range(5)  # denominations: the suits of engine.cards, then no trumps
DENOMS = ("C", "D", "H", "S", "NT")
DENOM_ORDER = (S, H, D, C, NT)  # the order calls are listed in (§5.2)
MIN_BID, MAX_BID = 28, 56
FORMS = ("num-suit", "suit-num", "num-nt", "num-noes", "plus-suit", "plus-2-noes")

# Strength within a suit (§2.2) and card points (§2.3), by card (suit * 13 + rank index).
_STRENGTH = {"7": 1, "8": 2, "Q": 3, "K": 4, "T": 5, "A": 6, "9": 7, "J": 8}
_POINTS = {"J": 3, "9": 2, "A": 1, "T": 1}
POWER: tuple[int, ...] = tuple(_STRENGTH.get(str(CARDS[c])[0], 0) for c in range(52))
POINTS: tuple[int, ...] = tuple(_POINTS.get(str(CARDS[c])[0], 0) for c in range(52))

# Tables won from (made) or paid to (lost) each other team, by contract value (§8).
_MADE = {v: 1 if v < 40 else 2 if v < 48 else 3 if v < 56 else 4 for v in range(28, 57)}
_LOST = {v: n + 1 for v, n in _MADE.items()}


def deck_cards(active_players: int) -> tuple[int, ...]:
    """The two decks for this many active players (§2.1), sorted, every card twice."""
    low = "7" if active_players == 8 else "Q"  # the weakest rank kept
    return tuple(c for c in range(52) for _ in range(2) if POWER[c] >= _STRENGTH[low])


_DECKS = {n: deck_cards(n) for n in (4, 6, 8)}


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid to take ``value`` card points with ``denom`` (C D H S or NT) as trump; ``form`` is
    how it was spoken (§5.6), a label that never changes the contract."""

    value: int
    denom: int
    form: str | None = field(default=None, compare=False)  # a label: equal bids are one action

    def __str__(self) -> str:
        tail = f":{self.form}" if self.form else ""
        return f"bid:{self.value}:{DENOMS[self.denom]}{tail}"

    def __repr__(self) -> str:
        form = f", {self.form!r}" if self.form else ""
        return f"Bid({self.value}, {DENOMS[self.denom]}{form})"

    @property
    def label(self) -> str:
        """'30♦', '29 NT'."""
        return f"{self.value} NT" if self.denom == NT else f"{self.value}{SUIT_SYMBOLS[self.denom]}"


@dataclass(frozen=True, slots=True)
class Call:
    """Pass, double or redouble: ``bid:pass``, ``bid:double``, ``bid:redouble``."""

    kind: str

    def __str__(self) -> str:
        return f"bid:{self.kind}"

    def __repr__(self) -> str:
        return f"Call({self.kind!r})"


PASS, DOUBLE, REDOUBLE = Call("pass"), Call("double"), Call("redouble")
_CALLS = {str(c): c for c in (PASS, DOUBLE, REDOUBLE)}
# Every plain bid in listing order; bids above v start at _BIDS[(v + 1 - 28) * 5].
_BIDS = tuple(Bid(v, d) for v in range(MIN_BID, MAX_BID + 1) for d in DENOM_ORDER)

Action = Bid | Call | Play


@dataclass(frozen=True, slots=True)
class Contract:
    value: int
    trump: int | None  # suit 0..3, None for no trumps
    declarer: int
    team: int
    multiplier: int  # 1, 2 doubled, 4 redoubled
    all_passed: bool = False  # the default 28 NT of §5.4

    def __str__(self) -> str:
        trump = " NT" if self.trump is None else SUIT_SYMBOLS[self.trump]
        times = f" ×{self.multiplier}" if self.multiplier > 1 else ""
        return f"{self.value}{trump}{times} by seat {self.declarer} (team {self.team})"


@dataclass(frozen=True, slots=True)
class Settlement:
    """One finished deal as the state keeps it: what was played for and what it cost."""

    deal: int
    dealer: int
    contract: Contract
    points: tuple[int, ...]  # card points taken, per team
    made: bool
    change: tuple[int, ...]  # tables won (+) or paid (-), per team
    tables: tuple[int, ...]  # per team after settlement
    eliminated: tuple[int, ...]  # teams that left the match after this deal
    last_trick: TrickRecord


# The state's fields: its __slots__, and what equality compares (a class compiled by mypyc
# has no __slots__ to read).
STATE_FIELDS: Final = ("players", "seed", "active", "nxt", "tables", "out", "deal_no", "dealer",
                       "deck", "phase", "turn", "held", "twice", "calls", "high", "high_seat",
                       "dbl", "passes", "contract", "trick", "tricks", "points", "results",
                       "history")


class State:
    """One whole match. Never mutated once ``apply`` has returned it."""

    __slots__ = STATE_FIELDS

    players: int
    seed: int
    active: tuple[int, ...]  # seats still in, in playing order
    nxt: tuple[int, ...]  # for every seat, the first active seat after it
    tables: tuple[int, ...]  # per team
    out: tuple[int, ...]  # per team: the deal after which it left, 0 while in
    deal_no: int  # 1-based
    dealer: int
    deck: tuple[int, ...]  # the cards this deal was dealt from (§2.1)
    phase: str  # "auction", "play", "over"
    turn: int  # the seat to act, -1 when over
    held: tuple[int, ...]  # per seat: cards held at least once
    twice: tuple[int, ...]  # per seat: cards held twice
    calls: tuple[tuple[int, Bid | Call], ...]  # this deal's auction; bids with their form
    high: Bid | None
    high_seat: int  # -1 without a bid
    dbl: int  # 0, 1 doubled, 2 redoubled
    passes: int  # in a row since the last bid or double (or the start)
    contract: Contract | None
    trick: tuple[tuple[int, int], ...]  # (seat, card) in order of play
    tricks: tuple[tuple[tuple[tuple[int, int], ...], int], ...]  # (plays, winner) this deal
    points: tuple[int, ...]  # card points taken this deal, per team
    results: tuple[tuple[int, ...], ...]  # table change per seat, every finished deal
    history: tuple[Settlement, ...]

    @property
    def teams(self) -> int:
        return self.players // 2

    def copy(self) -> State:
        """A shallow copy for ``apply`` to change; written out because copies are the hot path
        (five times faster than a loop over the slots)."""
        new = State()
        new.players = self.players
        new.seed = self.seed
        new.active = self.active
        new.nxt = self.nxt
        new.tables = self.tables
        new.out = self.out
        new.deal_no = self.deal_no
        new.dealer = self.dealer
        new.deck = self.deck
        new.phase = self.phase
        new.turn = self.turn
        new.held = self.held
        new.twice = self.twice
        new.calls = self.calls
        new.high = self.high
        new.high_seat = self.high_seat
        new.dbl = self.dbl
        new.passes = self.passes
        new.contract = self.contract
        new.trick = self.trick
        new.tricks = self.tricks
        new.points = self.points
        new.results = self.results
        new.history = self.history
        return new

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and all(
            getattr(self, n) == getattr(other, n) for n in STATE_FIELDS) and (
            [str(c) for _, c in self.calls] == [str(c) for _, c in other.calls])  # the forms too

    def __hash__(self) -> int:
        return hash((self.deal_no, self.held, self.twice, self.calls, self.trick, self.tables))


@interpreted  # it extends an interpreted class
@dataclass(frozen=True, slots=True)
class TrickRecord(tricks.TrickRecord):
    """A finished trick (leader, (seat, card) in order of play, winner) and its card points."""

    points: int


@dataclass(frozen=True, slots=True)
class FiftySixDeal:
    """56's own facts of a finished deal (``DealRecord.facts``); the table changes are the
    record's ``results`` and the tables held after it its ``standings``."""

    dealer: int
    contract: Contract  # value, trump, declarer, team, multiplier; all_passed for §5.4
    points: tuple[int, ...]  # card points taken, per team (56 in all)
    made: bool
    eliminated: tuple[int, ...]  # teams that ran out of tables and left after this deal
    active: tuple[int, ...]  # seats at the table after it (§9: it re-forms without the leavers)
    hand_size: int  # cards each in the next deal (12 or 8), 0 when the match is over


@interpreted
@dataclass(frozen=True, slots=True, kw_only=True)
class Public(Shared):
    """What a spectator may know (§7): seats, teams, tables, the auction, the contract and every
    card played; never a hand. Tables are ``standings.values`` (per team, 0 once out), the teams
    ``teams`` (team t is seats t and t + k); ``active`` tells who is still at the table."""

    dealer: int
    active: tuple[int, ...]  # seats still in, in playing order (§9: the table re-forms)
    hand_sizes: tuple[int, ...]  # per seat; 0 for a seat that has left
    calls: tuple[tuple[int, Bid | Call], ...]  # this deal's auction in order, bids with their form
    high_bid: Bid | None  # the highest bid so far this deal
    high_bidder: int | None
    doubled: int  # 0, 1 doubled, 2 redoubled (the high bid, or the contract)
    contract: Contract | None  # once the auction is over
    trick: tuple[tuple[int, Card], ...]  # (seat, card) in order of play
    tricks: tuple[TrickRecord, ...]  # finished tricks of this deal
    points: tuple[int, ...]  # card points taken so far this deal, per team (public, [D-23])

    @property
    def last_trick(self) -> TrickRecord | None:
        return self.tricks[-1] if self.tricks else None

    @property
    def trump(self) -> int | None:
        """The contract's trump suit (0..3); None in no trumps or before the contract."""
        return self.contract.trump if self.contract else None

    @property
    def declarer(self) -> int | None:
        return self.contract.declarer if self.contract else None

    def team_of(self, seat: int) -> int:
        """The team of a seat (§1: seat mod k)."""
        return seat % len(self.teams)


@interpreted
@dataclass(frozen=True, slots=True, kw_only=True)
class Observation(Public):
    """What one seat may know (§7): the public view and its own hand."""

    seat: int
    hand: tuple[Card, ...]  # own cards, both copies listed

class FiftySix(GameBase):
    name: ClassVar[str] = "fifty_six"
    sizes: ClassVar[tuple[int, ...]] = (4, 6, 8)
    options: ClassVar[dict[str, tuple[int, ...]]] = {"tables": (12, 6, 24)}  # §3: 12 (seed)
    aliases: ClassVar[tuple[str, ...]] = ("56",)
    private_fields: ClassVar[tuple[str, ...]] = ()

    def new_match(self, players: int, seed: int, *, deal: Sequence[str] | None = None,
                  **rules: object) -> State:
        unknown = set(rules) - {"tables", "first_dealer", "team_tables"}
        if unknown:
            raise ValueError(f"unknown 56 options: {', '.join(sorted(unknown))}")
        tables = rules.get("tables", 12)
        first_dealer = rules.get("first_dealer")
        if players not in self.sizes:
            raise ValueError("56 is played by 4, 6 or 8 players")
        if type(tables) is not int or tables < 1:
            raise ValueError("tables must be a positive whole number")
        if first_dealer is not None and (type(first_dealer) is not int
                                         or first_dealer not in range(players)):
            raise ValueError(f"first_dealer must be a seat 0..{players - 1}")
        s = State()
        s.players, s.seed = players, seed
        s.tables = _team_tables(rules.get("team_tables"), players // 2, tables)
        s.active = tuple(i for i in range(players) if s.tables[i % s.teams])
        s.nxt = _next_seats(players, s.active)
        s.out = tuple(0 if t else 1 for t in s.tables)  # gone before: all placed alike
        s.deal_no = 1
        if first_dealer is None:  # drawn among the seats in: every seat, unless team_tables
            s.dealer = s.active[deal_rng(seed, 0).randrange(len(s.active))]
        else:
            s.dealer = first_dealer
        if s.dealer not in s.active:
            raise ValueError(f"first_dealer must be a seat still in: {s.active}")
        s.results, s.history = (), ()
        hands = _parse_deal(deal, players, s.active) if deal is not None else _shuffle(s)
        _start_deal(s, hands)
        return s

    def to_act(self, state: State) -> frozenset[int]:
        return _SEATS[state.turn] if state.turn >= 0 else frozenset()

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if seat != state.turn or state.phase == "over":
            return []
        if state.phase == "play":
            return list(plays_of(legal_cards(state.held[seat], _cards(state.trick))))
        high = state.high
        calls: list[Action] = [PASS]
        calls += _BIDS[(high.value + 1 - MIN_BID) * 5:] if high else _BIDS
        if high and state.dbl == 0 and _team(state, seat) != _team(state, state.high_seat):
            calls.append(DOUBLE)
        if high and state.dbl == 1 and _team(state, seat) == _team(state, state.high_seat):
            calls.append(REDOUBLE)
        return calls

    def apply(self, state: State, seat: int, action: object) -> State:
        # object, not Action: anything else is refused as illegal, compiled (mypyc) or not
        if state.phase == "over":
            raise IllegalAction("the match is over", "game-over")
        if seat != state.turn:
            raise IllegalAction(f"seat {seat} is not to act", "not-your-turn")
        if state.phase == "play" and type(action) is Play:
            return _play(state, seat, action.card)
        if state.phase == "auction" and type(action) is Bid:
            return _bid(state, seat, action)
        if state.phase == "auction" and type(action) is Call:
            return _call(state, seat, action)
        raise IllegalAction(f"{action} is not an action of the {state.phase}", "illegal")

    def public_observation(self, state: State) -> Public:
        return Public(
            game=self.name, phase=state.phase, deal=state.deal_no, deals=None,
            to_act=self.to_act(state), standings=_standings(state.tables, state.out),
            teams=_TEAMS[state.players], history=_history(state),
            dealer=state.dealer, active=state.active,
            hand_sizes=tuple(h.bit_count() + t.bit_count()
                             for h, t in zip(state.held, state.twice, strict=True)),
            calls=state.calls, high_bid=state.high,
            high_bidder=state.high_seat if state.high_seat >= 0 else None, doubled=state.dbl,
            contract=state.contract, trick=_seated(state.trick),
            tricks=tuple(_trick_record(plays, winner) for plays, winner in state.tricks),
            points=state.points,
        )

    def observation(self, state: State, seat: int) -> Observation:
        return extend(Observation, self.public_observation(state), seat=seat,
                      hand=tuple(CARDS[c] for c in _hand(state, seat)))

    def scores(self, state: State) -> tuple[int, ...]:
        """Tables of each seat's team."""
        k = state.teams
        return tuple(state.tables[i % k] for i in range(state.players))

    def rankings(self, state: State) -> tuple[int, ...]:
        """Places of the teams, for each seat: teams still in first (more tables first), then
        the others by how long they lasted; partners share their team's place."""
        k = state.teams
        team_places = _team_places(state.tables, state.out)
        return tuple(team_places[i % k] for i in range(state.players))

    def parse_action(self, code: str) -> Action:
        if code.startswith("play:"):
            return Play.parse(code)
        if code in _CALLS:
            return _CALLS[code]
        parts = code.split(":")
        if (parts[0] == "bid" and len(parts) in (3, 4) and parts[1].isdigit()
                and MIN_BID <= int(parts[1]) <= MAX_BID and parts[2] in DENOMS
                and (len(parts) == 3 or parts[3] in FORMS)):
            return Bid(int(parts[1]), DENOMS.index(parts[2]), parts[3] if len(parts) == 4 else None)
        raise ValueError(f"not a 56 action: {code!r}")

    # For the invariant tests: the cards of the current deal, duplicates listed twice.
    def card_locations(self, state: State) -> list[int]:
        held = [c for seat in range(state.players) for c in _hand(state, seat)]
        played = [c for plays, _ in state.tricks for _, c in plays]
        return held + played + _cards(state.trick)

    def deck_of(self, state: State) -> list[int]:
        return list(state.deck)

    def hands(self, state: State) -> list[list[int]]:
        return [_hand(state, seat) for seat in range(state.players)]

    def describe(self, obs: Observation) -> str:
        """Plain text for the terminal table."""
        k = len(obs.teams)
        tables = obs.standings.values
        lines = [f"56 · deal {obs.deal} · dealer seat {obs.dealer} · {obs.phase}"]
        for seat in obs.active:
            mark = "▸" if seat in obs.to_act else " "
            you = " (you)" if seat == obs.seat else ""
            lines.append(f"{mark} seat {seat}{you:<6} team {seat % k}  tables "
                         f"{tables[seat % k]:>2}  cards {obs.hand_sizes[seat]:>2}")
        gone = [str(t) for t in range(k) if not tables[t]]
        if gone:
            lines.append("Out: team " + ", ".join(gone))
        if obs.calls:
            lines.append("Auction: " + " · ".join(f"{seat}:{_call_label(c)}"
                                                  for seat, c in obs.calls))
        if obs.contract:
            points = ", ".join(f"team {t} {obs.points[t]}" for t in range(k)
                               if tables[t] or obs.points[t])
            lines.append(f"Contract: {obs.contract} · points {points}")
        elif obs.high_bid is not None:
            doubled = ("", ", doubled", ", redoubled")[obs.doubled]
            lines.append(f"High bid: {obs.high_bid.label} by seat {obs.high_bidder}{doubled}")
        last = obs.last_trick
        if last:
            shown = " ".join(f"{s}:{c.symbol}" for s, c in last.cards)
            lines.append(f"Last trick: {shown} -> seat {last.winner} (+{last.points})")
        if obs.trick:
            lines.append("Trick: " + " ".join(f"{s}:{c.symbol}" for s, c in obs.trick))
        if obs.last_deal:
            h, facts = obs.last_deal, obs.last_deal.facts
            verdict = "made" if facts.made else "lost"
            lines.append(f"Deal {h.number}: {facts.contract.value} {verdict} with "
                         f"{facts.points[facts.contract.team]} · tables {list(h.standings.values)}")
        lines += _hand_lines(obs.hand)
        return "\n".join(lines)


GAME = FiftySix()
_SEATS = tuple(frozenset((i,)) for i in range(8))
_TEAMS = {n: tuple((t, t + n // 2) for t in range(n // 2)) for n in (4, 6, 8)}


def _team_places(tables: Sequence[int], out: Sequence[int]) -> tuple[int, ...]:
    """Teams still in first, by tables; then the teams that left, the later the better."""
    value = [(o or 10**6) * 10**4 + t for o, t in zip(out, tables, strict=True)]
    return places(value, low_wins=False)


def _standings(tables: tuple[int, ...], out: tuple[int, ...]) -> Standings:
    return standings(tables, unit="tables", by_team=True, ranks=_team_places(tables, out))


_HISTORIES: dict[int, tuple[tuple[Settlement, ...], tuple[DealRecord, ...]]] = {}


def _history(state: State) -> tuple[DealRecord, ...]:
    """Every finished deal as the shared record: table changes per team, the tables held after
    it (placed as they stood then) and 56's facts. States share their history tuple until a
    deal ends, so the records are built once per deal and remembered."""
    kept = _HISTORIES.get(id(state.history))
    if kept is not None and kept[0] is state.history:
        return kept[1]
    out = [0] * state.teams
    records = []
    for r in state.history:
        for t in r.eliminated:
            out[t] = r.deal
        active = tuple(i for i in range(state.players) if r.tables[i % state.teams])
        over = len({i % state.teams for i in active}) == 1
        size = 0 if over else len(_DECKS[len(active)]) // len(active)
        records.append(DealRecord(r.deal, r.change, _standings(r.tables, tuple(out)),
                                  FiftySixDeal(r.dealer, r.contract, r.points, r.made,
                                               r.eliminated, active, size), r.last_trick))
    built = tuple(records)
    if len(_HISTORIES) > 256:
        _HISTORIES.clear()
    _HISTORIES[id(state.history)] = (state.history, built)
    return built


def legal_cards(held: int, trick: Sequence[int]) -> int:
    """§6 as a bitmask: any card to lead; follow the led suit if possible, else anything."""
    if not trick:
        return held
    return held & SUIT_MASKS[trick[0] // 13] or held


def trick_winner(cards: Sequence[int], trump: int | None) -> int:
    """Index of the winning card (§6): a trump beats the led suit; only a strictly stronger card
    of the winning card's suit takes over, so of two identical cards the first wins (the rule
    every trick game shares, engine.tricks, with 56's ranks)."""
    return tricks.trick_winner(cards, trump, POWER)


def settle(tables: tuple[int, ...], team: int, others: Sequence[int], amount: int,
           made: bool) -> tuple[int, ...]:
    """§8.1: ``amount`` from (made) or to (lost) each team of ``others``, which are in the fixed
    order. Payments are capped by what the payer holds, so tables are conserved."""
    new = list(tables)
    if made:
        for t in others:
            pay = min(amount, new[t])
            new[t] -= pay
            new[team] += pay
        return tuple(new)
    owed = amount * len(others)
    if new[team] >= owed:
        for t in others:
            new[t] += amount
        new[team] -= owed
        return tuple(new)
    q, r = divmod(new[team], len(others))
    for i, t in enumerate(others):
        new[t] += q + (1 if i < r else 0)
    new[team] = 0
    return tuple(new)


def rollout(state: State, rng: random.Random) -> tuple[int, ...]:
    """Card points per team at the end of the current deal after random legal play from a
    position in the play phase. Each distinct legal card is equally likely, drawn exactly as
    ``legal[int(rng.random() * len(legal))]`` would draw from ``legal_actions``. Ints in, ints
    out: the path search players call."""
    contract = state.contract
    assert state.phase == "play" and contract is not None
    held, twice, points = list(state.held), list(state.twice), list(state.points)
    trump = -1 if contract.trump is None else contract.trump
    nxt, k, n, rand = state.nxt, state.teams, len(state.active), rng.random
    played = len(state.trick)
    led, best, winner, pts = -1, -1, -1, 0
    for seat, card in state.trick:  # the trick so far: led suit, best card, its seat, points
        if best < 0 or _beats(card, best, trump):
            best, winner = card, seat
        pts += POINTS[card]
    if played:
        led = state.trick[0][1] // 13
    seat = state.turn
    while held[seat]:
        hand = held[seat]
        legal = (hand & SUIT_MASKS[led] or hand) if played else hand
        for _ in range(int(rand() * legal.bit_count())):
            legal &= legal - 1  # drop the lowest card: k drops leave the k-th lowest
        card = (legal & -legal).bit_length() - 1
        bit = 1 << card
        if twice[seat] & bit:
            twice[seat] ^= bit
        else:
            held[seat] = hand ^ bit
        if not played:
            led, best, winner, pts = card // 13, card, seat, 0
        elif _beats(card, best, trump):
            best, winner = card, seat
        pts += POINTS[card]
        played += 1
        if played == n:
            points[winner % k] += pts
            seat, played = winner, 0
        else:
            seat = nxt[seat]
    return tuple(points)


def stake(value: int, made: bool) -> int:
    """Tables won from (made) or paid to (lost) each other team for a contract of ``value``,
    before the multiplier (§8)."""
    return (_MADE if made else _LOST)[value]


def world(obs: Observation, hands: Sequence[Sequence[int]]) -> State:
    """The current deal as ``obs`` shows it, with ``hands[seat]`` (cards as ints, copies listed
    twice) in every seat: the position a search player builds from the cards it dealt to the
    hidden hands. What no observation shows (the seed, older deals) is left empty."""
    s = State()
    s.players = len(obs.hand_sizes)
    s.seed, s.results, s.history = 0, (), ()
    s.active = obs.active
    s.nxt = _next_seats(s.players, obs.active)
    s.tables = obs.standings.values
    s.out = tuple(0 if t else obs.deal - 1 for t in obs.standings.values)
    s.deal_no, s.dealer, s.deck = obs.deal, obs.dealer, _DECKS[len(obs.active)]
    s.phase = obs.phase
    s.turn = next(iter(obs.to_act), -1)
    s.held, s.twice = _masks(s.players, dict(enumerate(hands)))
    s.calls, s.high, s.dbl = obs.calls, obs.high_bid, obs.doubled
    s.high_seat = -1 if obs.high_bidder is None else obs.high_bidder
    s.passes = 0
    for _, call in reversed(obs.calls):
        if call != PASS:
            break
        s.passes += 1
    s.contract = obs.contract
    s.trick = tuple((seat, int(c)) for seat, c in obs.trick)
    s.tricks = tuple((tuple((seat, int(c)) for seat, c in t.cards), t.winner) for t in obs.tricks)
    s.points = obs.points
    return s


def deal_rules(state: State) -> dict[str, object]:
    """The keywords of ``new_match`` that, with ``deal=`` the hands of the deal being played,
    start a match at this deal as it began (its dealer, each team's tables, so the seats still
    in): one deal replayed alone (engine/paste.py)."""
    return {"team_tables": ",".join(map(str, state.tables)), "first_dealer": state.dealer}


def start_of_play(state: State) -> State:
    """The first position of the play phase of the current deal, the auction closed at once:
    the seat to call bids 28 in a suit drawn from the seed (if nobody has bid), then everyone
    passes. Repeatable; for benchmarks and search."""
    if state.phase == "auction" and state.high is None:
        suit = match_rng(state.seed, "start-of-play").randrange(4)
        state = GAME.apply(state, state.turn, Bid(MIN_BID, suit))
    while state.phase == "auction":
        state = GAME.apply(state, state.turn, PASS)
    return state


def _beats(card: int, best: int, trump: int) -> bool:
    """Does ``card`` take the trick from ``best`` (§6)? A stronger card of its suit, or a trump
    on a non-trump; equal cards never take over."""
    if card // 13 == best // 13:
        return POWER[card] > POWER[best]
    return card // 13 == trump


def _team(state: State, seat: int) -> int:
    return seat % (state.players // 2)


def _bid(state: State, seat: int, bid: Bid) -> State:
    high = state.high
    if not (MIN_BID <= bid.value <= MAX_BID and 0 <= bid.denom <= NT):
        raise IllegalAction(f"no such bid: {bid!r}", "illegal")
    if high and bid.value <= high.value:
        raise IllegalAction(f"a bid must be above {high.value}", "bid-too-low")
    form = _form(bid, high)
    s = state.copy()
    recorded = bid if form == bid.form else Bid(bid.value, bid.denom, form)
    s.calls = state.calls + ((seat, recorded),)
    s.high, s.high_seat, s.dbl, s.passes = recorded, seat, 0, 0
    s.turn = state.nxt[seat]
    return s


def _form(bid: Bid, high: Bid | None) -> str:
    """The form the bid is recorded with (§5.6); raises when it does not match the bid."""
    forms = bid_forms(bid.value, bid.denom, high)
    form = bid.form or forms[0]
    if form not in forms:
        raise IllegalAction(f"{bid} does not match its form", "bad-bid-form")
    return form


def bid_forms(value: int, denom: int, high: Bid | None) -> tuple[str, ...]:
    """The forms (§5.6) a bid of ``value`` in ``denom`` may be spoken in over ``high``, the
    default first: a suit as "28 ♦" or "♦ 28", no trumps as "28 NT" or "28 Noes"; after a bid,
    "Plus k ♦" for any suit bid and "Plus 2 Noes" for no trumps two above it."""
    if denom != NT:
        return _SUIT_FORMS if high is None else _SUIT_FORMS_PLUS
    if high is not None and value == high.value + 2:
        return _NT_FORMS_PLUS
    return _NT_FORMS


_SUIT_FORMS, _SUIT_FORMS_PLUS = ("num-suit", "suit-num"), ("num-suit", "suit-num", "plus-suit")
_NT_FORMS, _NT_FORMS_PLUS = ("num-nt", "num-noes"), ("num-nt", "num-noes", "plus-2-noes")


def raised_by(calls: Sequence[tuple[int, Bid | Call]], index: int) -> int:
    """How far the bid ``calls[index]`` went above the bid before it (its value without one):
    the k of a "Plus k" form."""
    bid = calls[index][1]
    assert isinstance(bid, Bid)
    before = next((c.value for _, c in reversed(calls[:index]) if isinstance(c, Bid)), 0)
    return bid.value - before


def _call(state: State, seat: int, call: Call) -> State:
    if call.kind not in ("pass", "double", "redouble"):
        raise IllegalAction(f"no such call: {call!r}", "illegal")
    s = state.copy()
    s.calls = state.calls + ((seat, call),)
    s.turn = state.nxt[seat]
    n = len(state.active)
    if call.kind == "pass":
        s.passes = state.passes + 1
        if state.high is None and s.passes == n:
            _begin_play(s, Contract(MIN_BID, None, state.nxt[state.dealer],
                                    _team(state, state.nxt[state.dealer]), 1, all_passed=True))
        elif state.high is not None and s.passes == n - 1:
            _begin_play(s, _contract(state, 1 << state.dbl))
        return s
    ours = state.high is not None and _team(state, seat) == _team(state, state.high_seat)
    if call.kind == "double":
        if state.high is None or ours or state.dbl:
            raise IllegalAction("only another team's undoubled bid can be doubled",
                                "cannot-double")
        s.dbl, s.passes = 1, 0
        return s
    if state.dbl != 1 or not ours:
        raise IllegalAction("only your team's doubled bid can be redoubled", "cannot-redouble")
    s.dbl = 2
    _begin_play(s, _contract(state, 4))
    return s


def _contract(state: State, multiplier: int) -> Contract:
    high = state.high
    assert high is not None
    trump = None if high.denom == NT else high.denom
    return Contract(high.value, trump, state.high_seat, _team(state, state.high_seat), multiplier)


def _begin_play(s: State, contract: Contract) -> None:
    s.contract = contract
    s.phase = "play"
    s.turn = s.nxt[s.dealer]  # the first lead is the dealer's right, always (§6)


def _play(state: State, seat: int, card: int) -> State:
    held = state.held[seat]
    if not 0 <= card < 52 or not held >> card & 1:
        raise IllegalAction(f"{CARDS[card % 52]} is not in your hand", "not-in-hand")
    if state.trick:
        led = state.trick[0][1] // 13
        if card // 13 != led and held & SUIT_MASKS[led]:
            raise IllegalAction("follow the suit led", "must-follow-suit")
    s = state.copy()
    bit = 1 << card
    if state.twice[seat] & bit:
        s.twice = _put(state.twice, seat, state.twice[seat] ^ bit)
    else:
        s.held = _put(state.held, seat, held ^ bit)
    trick = state.trick + ((seat, card),)
    if len(trick) < len(state.active):
        s.trick = trick
        s.turn = state.nxt[seat]
        return s
    assert state.contract is not None
    winner = trick[trick_winner([c for _, c in trick], state.contract.trump)][0]
    team = _team(state, winner)
    s.points = _put(state.points, team, state.points[team] + sum(POINTS[c] for _, c in trick))
    s.tricks = state.tricks + ((trick, winner),)
    s.trick = ()
    s.turn = winner
    if not any(s.held):
        _end_deal(s)
    return s


def _end_deal(s: State) -> None:
    """Settle the deal (§8), drop teams without tables, then end the match or deal again (§9)."""
    c = s.contract
    assert c is not None
    made = s.points[c.team] >= c.value
    amount = (_MADE if made else _LOST)[c.value] * c.multiplier
    before = s.tables
    s.tables = settle(before, c.team, _other_teams(s, c.declarer), amount, made)
    change = tuple(a - b for a, b in zip(s.tables, before, strict=True))
    gone = tuple(t for t in range(s.teams) if before[t] and not s.tables[t])
    s.out = tuple(s.deal_no if t in gone else o for t, o in enumerate(s.out))
    s.results = (*s.results, tuple(change[_team(s, i)] for i in range(s.players)))
    s.history = (*s.history, Settlement(s.deal_no, s.dealer, c, s.points, made, change,
                                        s.tables, gone, _trick_record(*s.tricks[-1])))
    if gone:
        s.active = tuple(i for i in s.active if s.tables[_team(s, i)])
        s.nxt = _next_seats(s.players, s.active)
    if len({_team(s, i) for i in s.active}) == 1:
        s.phase, s.turn = "over", -1
        return
    s.dealer = s.nxt[s.dealer]  # also right when the old dealer has just left (§4)
    s.deal_no += 1
    _start_deal(s, _shuffle(s))


def _other_teams(s: State, declarer: int) -> list[int]:
    """Other active teams in seat order from the declarer's right (§8.1)."""
    ours = _team(s, declarer)
    order: list[int] = []
    seat = s.nxt[declarer]
    while seat != declarer:
        t = _team(s, seat)
        if t != ours and t not in order:
            order.append(t)
        seat = s.nxt[seat]
    return order


def _start_deal(s: State, hands: tuple[tuple[int, ...], tuple[int, ...]]) -> None:
    s.held, s.twice = hands
    s.deck = _DECKS[len(s.active)]
    s.phase = "auction"
    s.turn = s.nxt[s.dealer]
    s.calls, s.high, s.high_seat, s.dbl, s.passes = (), None, -1, 0, 0
    s.contract = None
    s.trick, s.tricks = (), ()
    s.points = (0,) * s.teams


def _shuffle(s: State) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Deal ``s.deal_no``: packets of 4 in playing order from the dealer's right (§4)."""
    deck = list(_DECKS[len(s.active)])
    deal_rng(s.seed, s.deal_no).shuffle(deck)
    order = [s.nxt[s.dealer]]
    while len(order) < len(s.active):
        order.append(s.nxt[order[-1]])
    return _masks(s.players, _packets(deck, order))


def _packets(deck: list[int], order: list[int]) -> dict[int, list[int]]:
    hands: dict[int, list[int]] = {seat: [] for seat in order}
    for i in range(0, len(deck), 4):
        hands[order[i // 4 % len(order)]].extend(deck[i:i + 4])
    return hands


def _masks(players: int,
           hands: Mapping[int, Sequence[int]]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    held = [0] * players
    twice = [0] * players
    for seat, cards in hands.items():
        for c in cards:
            if held[seat] >> c & 1:
                twice[seat] |= 1 << c
            else:
                held[seat] |= 1 << c
    return tuple(held), tuple(twice)


def _parse_deal(deal: Sequence[str], players: int,
                active: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A fixed deal: a hand for every seat, empty for a seat gone, of the deck of the seats in."""
    if isinstance(deal, str) or len(deal) != players:
        raise ValueError(f"deal needs {players} hands")
    hands = [parse_cards(text) if text.strip() else [] for text in deal]
    deck = _DECKS[len(active)]
    size = len(deck) // len(active)
    if any(len(h) != (size if i in active else 0) for i, h in enumerate(hands)):
        raise ValueError(f"every hand needs {size} cards, and a seat gone none")
    if Counter(c for h in hands for c in h) != Counter(deck):
        raise ValueError(f"the hands must hold the {len(deck)}-card deck exactly")
    return _masks(players, dict(enumerate(hands)))


def _team_tables(text: object, teams: int, tables: int) -> tuple[int, ...]:
    """``team_tables`` read ("9,0,15"), or ``tables`` for every team where it is not given."""
    if text is None:
        return (tables,) * teams
    if not isinstance(text, str):
        raise ValueError("team_tables is each team's tables: '9,0,15'")
    values = tuple(int(v) for v in text.split(","))
    if len(values) != teams or min(values) < 0 or sum(1 for v in values if v) < 2:
        raise ValueError(f"team_tables: {teams} counts, none negative, two teams in at least")
    return values


def _next_seats(players: int, active: tuple[int, ...]) -> tuple[int, ...]:
    """For every seat (in or out), the first active seat after it; seats are in playing order."""
    return tuple(next((a for a in active if a > seat), active[0]) for seat in range(players))


def _hand(state: State, seat: int) -> list[int]:
    return sorted(cards_of(state.held[seat]) + cards_of(state.twice[seat]))


def _cards(trick: tuple[tuple[int, int], ...]) -> list[int]:
    return [c for _, c in trick]


def _seated(plays: tuple[tuple[int, int], ...]) -> tuple[tuple[int, Card], ...]:
    return tuple((seat, CARDS[c]) for seat, c in plays)


def _trick_record(plays: tuple[tuple[int, int], ...], winner: int) -> TrickRecord:
    """A trick as the state keeps it ((seat, card) in order, winner) -> the record, points too."""
    return TrickRecord(plays[0][0], _seated(plays), winner, sum(POINTS[c] for _, c in plays))


def _put(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return values[:index] + (value,) + values[index + 1:]


def _call_label(call: Bid | Call) -> str:
    if isinstance(call, Call):
        return call.kind
    return call.label + _FORM_LABELS[call.form or "num-suit"]


_FORM_LABELS = {"num-suit": "", "num-nt": "", "suit-num": " (suit first)", "num-noes": " noes",
                "plus-suit": " (plus)", "plus-2-noes": " (plus 2 noes)"}


def _hand_lines(hand: Sequence[Card]) -> list[str]:
    """'♠ J J 9 A' per suit, spades first, strongest first."""
    lines = []
    for suit in (S, H, D, C):
        ranks = sorted((c for c in hand if c // 13 == suit), key=lambda c: -POWER[c])
        if ranks:
            lines.append(SUIT_SYMBOLS[suit] + " " + " ".join(rank_label(c % 13) for c in ranks))
    return lines or ["(no cards)"]
