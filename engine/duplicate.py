"""Duplicate scoring (issue 41): every table of a round plays the same deals, and each result is
compared only with the results of the same cards at the other tables, so the luck of the deal
counts for nothing and the play for everything.

A board is one deal as every table of the round played it. Its results are the engine's own
(``DealRecord.results``: a seat's, or a team's where the standings are by team), and its
direction the game's standings' (``low_wins_of``: Hearts' points are bad, King's and Thirteen's
good). Matchpoints, as bridge counts them: against each other table that held the same cards,
1 for a better result, ½ for the same; ``top`` is how many such tables there were, so a board
not every table reached (a match that ended sooner) still scores as a share of its top.

``matchpoints`` compares the same seat (or team) of each table, which is the same cards where
the deal does not depend on play (Hearts, King, Bazar Blot). ``board_matchpoints`` compares by
the cards themselves, from each table's dealt hands (``engine.fair.deals`` with the table's log),
for the games whose later deals do: Thirteen's loser deals the next game, so the same hands come
to other seats; in 56 the seats still in choose the deck, so a deal with fewer seats than at
another table is another deal altogether and compares with none there.

``seating`` turns the team games' tables so that the pairs the pairing placed first do not all
hold the same side of the deals: over the round's tables each pairing's pair holds every side of
the boards as often (two sides in Blot and 56 at 4 seats, three and four pairs in 56 at 6 and 8),
and a table's pairs change sides from round to round. A pair is at one table, so it plays one
side of a board: that is what the matchpoints compare, the same cards with the same cards.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from .core import Game

T = TypeVar("T")
Teams = tuple[tuple[int, ...], ...]
Hands = Sequence[Sequence[str]]  # each seat's dealt cards (codes), as ``engine.fair.deals`` gives
Results = Sequence[float] | None  # each entry's result on the board at one table; None: not played


@dataclass(frozen=True, slots=True)
class Score:
    """One entry's matchpoints on a board (or summed over boards), and the most it could get:
    ``points / top`` is its share, comparable between entries that met fewer tables."""

    points: float
    top: int

    def __add__(self, other: Score) -> Score:
        return Score(self.points + other.points, self.top + other.top)


def low_wins_of(game: Game, players: int, **rules: Any) -> bool:
    """The game's direction as its standings tell it (Hearts: True): never guessed by name."""
    standings = game.public_observation(game.new_match(players, 0, **rules)).standings
    return bool(standings.low_wins)


def matchpoints(results: Sequence[Results], low_wins: bool = False) -> list[list[Score] | None]:
    """One board: ``results[t][e]`` is table t's result for entry e (seat, or team); entry e
    is compared with entry e of every other table that played. None where a table did not."""
    keys = [None if row is None else list(range(len(row))) for row in results]
    return _score(keys, results, low_wins)


def board_matchpoints(hands: Sequence[Hands | None], results: Sequence[Results],
                      teams: Teams = (), low_wins: bool = False) -> list[list[Score] | None]:
    """One board, compared by the cards: ``hands[t]`` is table t's dealt hands by seat,
    ``results[t]`` its results by entry (seats, or ``teams``, the standings' entries). An entry
    is compared with the entries of other tables that held exactly its cards (a team: its seats'
    hands, whichever seats held them)."""
    keys = [None if h is None else hand_keys(h, teams) for h in hands]
    return _score(keys, results, low_wins)


def hand_keys(hands: Hands, teams: Teams = ()) -> list[Hashable]:
    """Each entry's cards in a form equal wherever the cards are: a seat's sorted codes; a
    team's, its seats' sorted hands, sorted."""
    groups = teams or tuple((seat,) for seat in range(len(hands)))
    return [tuple(sorted(tuple(sorted(hands[seat])) for seat in team)) for team in groups]


def totals(boards: Sequence[Sequence[Sequence[Score] | None]]) -> list[list[Score]]:
    """Each table's entries' scores summed over the boards (``boards[b][t][e]``)."""
    width = {t: len(row) for board in boards for t, row in enumerate(board) if row is not None}
    sums = [[Score(0.0, 0)] * width.get(t, 0) for t in range(max(map(len, boards), default=0))]
    for board in boards:
        for t, row in enumerate(board):
            for e, score in enumerate(row or ()):
                sums[t][e] = sums[t][e] + score
    return sums


def best(board: Sequence[Sequence[Score] | None]) -> list[list[int]]:
    """Who did best with each entry's cards on a board: for entry e, the tables with its most
    matchpoints (those of a table whose entry met no one are left out)."""
    width = max((len(row) for row in board if row is not None), default=0)
    out = []
    for e in range(width):
        scored = {t: row[e].points for t, row in enumerate(board) if row is not None and row[e].top}
        top = max(scored.values(), default=None)
        out.append([t for t, points in scored.items() if points == top])
    return out


def seating(tables: Sequence[Sequence[T]], teams: Teams, round_index: int = 0) -> list[list[T]]:
    """Each table's seats (as the pairing ordered them, seat 0 first) for a duplicate round of a
    team game with k pairs a table (``teams``: Blot and 56 at 4 seats 2, 56 at 6 and 8 seats 3
    and 4, each pair's seats k apart): at table t of round r every player moves (t + r) mod k
    seats on. Partners stay partners and the order of play stays, while the pair the pairing put
    on side i holds side i + (t + r) mod k: over k tables, every side once."""
    k = len(teams)
    size = sum(map(len, teams))
    if k < 2 or set(teams) != {tuple(range(i, size, k)) for i in range(k)}:
        raise ValueError(f"not k pairs with seats k apart: {teams}")
    return [_moved(seats, (t + round_index) % k) for t, seats in enumerate(tables)]


def _moved(seats: Sequence[T], step: int) -> list[T]:
    """The player of seat s now in seat s + step."""
    return [*seats[len(seats) - step:], *seats[:len(seats) - step]]


def _score(keys: Sequence[Sequence[Hashable] | None], results: Sequence[Results],
           low_wins: bool) -> list[list[Score] | None]:
    """Matchpoints of every (table, entry) against the entries of the other tables that share
    its key."""
    if len(keys) != len(results):
        raise ValueError("one row of results per table, and one of hands")
    groups: dict[Hashable, list[tuple[int, int, float]]] = defaultdict(list)
    for t, (row_keys, row) in enumerate(zip(keys, results, strict=True)):
        if row_keys is None or row is None:
            continue
        if len(row_keys) != len(row):
            raise ValueError(f"table {t}: {len(row)} results for {len(row_keys)} entries")
        for e, (key, value) in enumerate(zip(row_keys, row, strict=True)):
            groups[key].append((t, e, value))
    out: list[list[Score] | None] = [
        None if row is None or k is None else [Score(0.0, 0)] * len(row)
        for k, row in zip(keys, results, strict=True)]
    for members in groups.values():
        for t, e, value in members:
            rivals = [v for u, _, v in members if u != t]
            points = sum(_against(value, v, low_wins) for v in rivals)
            scores = out[t]
            assert scores is not None  # a table with a member has results
            scores[e] = Score(points, len(rivals))
    return out


def _against(mine: float, theirs: float, low_wins: bool) -> float:
    if mine == theirs:
        return 0.5
    return 1.0 if (mine < theirs) == low_wins else 0.0
