"""What every game shares: seats, the Game protocol, illegal actions, replay and seeded chance."""

from __future__ import annotations

import hashlib
import hmac
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar, Final, Protocol, TypeVar

if TYPE_CHECKING:  # tricks imports this module
    from .tricks import TrickRecord

Seat = int  # 0..n-1 in the direction of play; never a Telegram user id


class IllegalAction(ValueError):
    """An action the rules do not allow now. ``key`` names the reason for the interface:
    'not-your-turn', 'game-over', 'must-follow-suit', 'illegal', 'bad-action'; ``details`` are
    the numbers its text needs (a Hearts pass short of cards: ``missing=1``)."""

    def __init__(self, message: str, key: str = "illegal", **details: int) -> None:
        super().__init__(message)
        self.key = key
        self.details = details


@dataclass(frozen=True, slots=True)
class Standings:
    """The match score as the game counts it. Entries are seats, or teams where the game has
    them (``Shared.teams`` then names the seats of entry i). Places and the order come from the
    game: a view reads them and never compares values itself."""

    values: tuple[int, ...]  # points, or tables (56), of each entry
    places: tuple[int, ...]  # place of each entry: 1 is best, ties share (1, 1, 3)
    order: tuple[int, ...]  # entries best first (ties in entry order)
    low_wins: bool = False  # Hearts: lower is better
    unit: str = "points"  # "points" or "tables"
    by_team: bool = False  # entries are teams


def standings(values: Sequence[int], low_wins: bool = False, *, unit: str = "points",
              by_team: bool = False, ranks: Sequence[int] | None = None) -> Standings:
    """Standings from values; ``ranks`` gives places the values alone do not decide (56's
    eliminated teams place by how long they lasted)."""
    placed = tuple(ranks) if ranks is not None else places(values, low_wins)
    order = tuple(sorted(range(len(values)), key=lambda i: (placed[i], i)))
    return Standings(tuple(values), placed, order, low_wins, unit, by_team)


@dataclass(frozen=True, slots=True)
class DealRecord:
    """One finished deal, in the same shape in every game: each entry's result this deal (the
    standings' entries: seats, or teams), the standings after it, the game's own facts
    (contract, declarer, trump, made or failed, capot, multiplier, moon, places …) and its last
    trick: the next deal is dealt at once, so no later view shows that trick but this record."""

    number: int  # 1-based deal number
    results: tuple[int, ...]  # what each entry scored this deal (+/-), in the standings' unit
    standings: Standings  # after the deal
    facts: Any = None  # a frozen dataclass of the game's own, or None
    # Every card of it played face up; Thirteen: the play that ended the game, as a trick its
    # player took. None for a deal without one (Blot's thrown in) or a stored match's record.
    last_trick: TrickRecord | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Shared:
    """The facts every game shares, under the same names in every observation, public or of a
    seat: each game's observation classes extend this one, so a view reads fields, not guesses.
    """

    game: str  # the registry name: "hearts"
    phase: str  # the game's own phase names; "over" at the end of every match
    deal: int  # 1-based number of the deal (Thirteen: the game) being played, or the last one
    deals: int | None  # deals in the match where it has a fixed length (King: 12), else None
    to_act: frozenset[Seat]
    standings: Standings
    teams: tuple[tuple[Seat, ...], ...]  # seats of each team; () where each plays alone
    history: tuple[DealRecord, ...]  # every finished deal, in order: the score sheet

    @property
    def last_deal(self) -> DealRecord | None:
        return self.history[-1] if self.history else None

    @property
    def seat_places(self) -> tuple[int, ...]:
        """Each seat's place in the standings so far (a stopped match's places); partners share
        their team's place."""
        table = self.standings
        if not table.by_team:
            return table.places
        team_of = {s: i for i, team in enumerate(self.teams) for s in team}
        return tuple(table.places[team_of[s]] for s in sorted(team_of))


P = TypeVar("P", bound=Shared)
def extend(cls: type[P], public: Shared, **private: Any) -> P:
    """A seat's observation: the public view's fields plus what only that seat knows. Built
    this way, a seat never sees less than a spectator, nor the shared facts differently."""
    values = {f.name: getattr(public, f.name) for f in fields(public)}
    return cls(**values, **private)


class Game(Protocol):
    """The few questions every game answers (cf. OpenSpiel). States are immutable values."""

    name: ClassVar[str]
    sizes: ClassVar[tuple[int, ...]]
    # Rule options a lobby offers: name -> the values allowed, the default first (Blot's target
    # 151 or 301). Any other keyword of new_match stays a test's or a replay's business.
    options: ClassVar[dict[str, tuple[int, ...]]]
    aliases: ClassVar[tuple[str, ...]]  # other names players type: "56", "blot"
    # The most cards a choice made by toggling cards may hold (a Hearts pass: 3), or None where a
    # draft may grow past every legal play on its way to one (Thirteen: add a pair, then drop one).
    most_chosen: ClassVar[int | None]

    def new_match(
        self, players: int, seed: int, *, deal: Sequence[str] | None = None, **rules: Any
    ) -> Any: ...

    def to_act(self, state: Any) -> frozenset[Seat]: ...

    def legal_actions(self, state: Any, seat: Seat) -> Sequence[Any]:
        """The actions ``seat`` may take now; [] for a seat not to act. A list, or a lazy
        sequence where listing every choice would cost too much (Hearts' 286 passes)."""
        ...

    def apply(self, state: Any, seat: Seat, action: Any) -> Any: ...

    def observation(self, state: Any, seat: Seat) -> Any:
        """What ``seat`` may know: the public view's fields and its own (hand, passes …)."""
        ...

    def public_observation(self, state: Any) -> Any:
        """What a spectator in the group may know: no hand, nothing passed, nothing a rule keeps
        hidden. Every group screen and result post is drawn from it, and from nothing else."""
        ...

    def is_over(self, state: Any) -> bool: ...

    def scores(self, state: Any) -> tuple[int, ...]: ...

    def rankings(self, state: Any) -> tuple[int, ...]:
        """Place of each seat when the match is over: 1 is first, equal places share."""
        ...

    def parse_action(self, code: str) -> Any: ...


class GameBase:
    """The end of a match as most games count it: over in the phase "over", each seat's score
    its total, places from the scores (``low_wins`` where lower is better). A game whose count
    differs (teams, a turn that marks the end) overrides the method that differs."""

    low_wins: ClassVar[bool] = False
    most_chosen: ClassVar[int | None] = None

    def is_over(self, state: Any) -> bool:
        return bool(state.phase == "over")

    def scores(self, state: Any) -> tuple[int, ...]:
        totals: tuple[int, ...] = state.totals
        return totals

    def rankings(self, state: Any) -> tuple[int, ...]:
        """Place of each seat: 1 is first, equal scores share the place."""
        return places(self.scores(state), self.low_wins)


class BadCode(ValueError):
    """An action code that does not parse (the one error type for it, whatever the game)."""


def parse(game: Game, code: str) -> Any:
    """``game.parse_action(code)``, with any failure to read it as ``BadCode``."""
    try:
        return game.parse_action(code)
    except (ValueError, KeyError, IndexError) as error:
        raise BadCode(f"{game.name}: cannot read {code!r}: {error}") from error


def cards_code(kind: str, cards: Iterable[object]) -> str:
    """The code of an action of cards, the grammar every game shares: 'pass:2C,3C,4C'."""
    return f"{kind}:{','.join(map(str, cards))}"


def code_cards(code: str) -> list[str]:
    """The card codes an action's code names: 'pass:2C,3C,4C' -> ['2C', '3C', '4C']."""
    return code.partition(":")[2].split(",")


def teams_of(game: Game, players: int, **rules: Any) -> tuple[tuple[Seat, ...], ...]:
    """The seats of each team at a table of ``players`` (the public view's ``teams``): no deal
    changes them, so any seed tells."""
    teams: tuple[tuple[Seat, ...], ...] = game.public_observation(
        game.new_match(players, 0, **rules)).teams
    return teams


# Seeds from here up are fair seeds (``engine/fair.py``): each deal's chance is drawn through
# HMAC-SHA256, so no deal tells anything of another or of the seed. Every seed below, which is
# every table, test and golden file made before, deals as it always has.
FAIR_SEEDS: Final = 1 << 64


def deal_rng(seed: int, deal_number: int) -> random.Random:
    """The generator of one deal: all chance of deal k comes from (seed, k), so any deal can be
    rebuilt alone and ``apply`` never draws. A fair seed's generator is seeded by ``chance``."""
    if seed < FAIR_SEEDS:
        return random.Random(seed * 1_000_003 + deal_number)
    return random.Random(chance(seed, "deal", deal_number))


def match_rng(seed: int, purpose: str) -> random.Random:
    """A generator of the whole match for one ``purpose`` other than dealing (``start_of_play``'s
    made-up bids and passes): ``random.Random(seed)`` for an older seed, as it always was; from
    ``chance`` for a fair one, so that it tells nothing of the deals either."""
    if seed < FAIR_SEEDS:
        return random.Random(seed)
    return random.Random(chance(seed, purpose, 0))


def chance(seed: int, purpose: str, number: int) -> int:
    """The 256-bit integer a fair seed's generator for (purpose, number) is seeded with:
    HMAC-SHA256 keyed by the seed's big-endian bytes after their count in two bytes (so no two
    seeds share a key, HMAC's zero padding included), of the ASCII purpose, a zero byte and the
    number in eight big-endian bytes. A PRF: one output (or the Mersenne Twister state it seeds)
    tells nothing of another, nor of the seed."""
    raw = seed.to_bytes((seed.bit_length() + 7) // 8, "big")
    message = purpose.encode("ascii") + b"\x00" + number.to_bytes(8, "big")
    digest = hmac.new(len(raw).to_bytes(2, "big") + raw, message, hashlib.sha256).digest()
    return int.from_bytes(digest, "big")


@lru_cache(maxsize=256)
def first_dealer(seed: int, players: int) -> Seat:
    """The first deal's dealer, drawn from (seed, 0). Kept for the last few seeds: a match
    replayed from its seed, or a fixed deal dealt again, draws it once (seeding costs µs)."""
    return deal_rng(seed, 0).randrange(players)


def replay(
    game: Game, players: int, seed: int, log: Iterable[tuple[Seat, str]], **rules: Any
) -> Any:
    """Rebuild a state from its seed and action log. Raises IllegalAction naming the bad entry."""
    state = game.new_match(players, seed, **rules)
    for index, (seat, code) in enumerate(log):
        state = replay_entry(game, state, index, seat, code)
    return state


def replay_entry(game: Game, state: Any, index: int, seat: Seat, code: str) -> Any:
    """``state`` after log entry ``index``; IllegalAction ("bad-log") naming the entry."""
    try:
        return game.apply(state, seat, parse(game, code))
    except (IllegalAction, BadCode) as error:
        raise IllegalAction(f"log entry {index} ({seat}, {code!r}): {error}", "bad-log") from error


def places(values: Sequence[int], low_wins: bool) -> tuple[int, ...]:
    """Competition ranking: 1 for the best, ties share a place (1, 1, 3, 4)."""
    sign = 1 if low_wins else -1
    return tuple(1 + sum(1 for w in values if sign * w < sign * v) for v in values)
