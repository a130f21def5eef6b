"""A tournament's seating (issue 27), pure: round 1 by rating, later rounds Swiss (by the points
so far), humans spread evenly over the fewest tables so that computers fill what does not
divide, and in team games the seats chosen so that partners change from round to round. And the
points a round gives: at a table of n seats, n − place (places are the engine's; a tie shares
them), so the final table is the sum of the rounds.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

Seat = int | None  # a user id, or None for a computer
Teams = tuple[tuple[int, ...], ...]  # the seats of each team at a table (the engine's)
ROTATE_UPTO = 6  # seats tried in every order for partners; a larger table keeps its order


def ranked(players: Sequence[int], rating: Mapping[int, int],
           points: Mapping[int, int] | None = None) -> list[int]:
    """Best first: by points (Swiss) when given, then by rating, then by id (stable)."""
    given = points or {}
    return sorted(players, key=lambda p: (-given.get(p, 0), -rating.get(p, 0), p))


def tables_for(count: int, size: int) -> list[int]:
    """How many humans sit at each table: the fewest tables, as even as can be (8 at 4: 4, 4;
    9 at 4: 3, 3, 3)."""
    if count <= 0:
        return []
    tables = -(-count // size)
    return [count // tables + (1 if i < count % tables else 0) for i in range(tables)]


def seat_round(order: Sequence[int], size: int, teams: Teams = (),
               partnered: frozenset[frozenset[int]] = frozenset()) -> list[list[Seat]]:
    """The tables of a round: consecutive runs of ``order`` (so the best play the best), each
    filled with computers to ``size`` seats; with ``teams``, each table's seats ordered so that
    the fewest pairs sit as partners again (``partnered``: the pairs that have been)."""
    out, start = [], 0
    for humans in tables_for(len(order), size):
        table: list[Seat] = [*order[start:start + humans], *([None] * (size - humans))]
        start += humans
        out.append(rotate(table, teams, partnered) if teams else table)
    return out


def partners(table: Sequence[Seat], teams: Teams) -> set[frozenset[int]]:
    """The pairs of humans who are partners at ``table``."""
    pairs: set[frozenset[int]] = set()
    for team in teams:
        humans = [user for user in (table[s] for s in team) if user is not None]
        pairs |= {frozenset(pair) for pair in itertools.combinations(humans, 2)}
    return pairs


def rotate(table: list[Seat], teams: Teams, partnered: frozenset[frozenset[int]]) -> list[Seat]:
    """The order of ``table`` with the fewest repeated partners (the first such, so the same
    round seats the same way)."""
    if len(table) > ROTATE_UPTO:
        return table
    best = min(itertools.permutations(table),
               key=lambda seats: len(partners(seats, teams) & partnered))
    return list(best)


def round_points(places: Sequence[int], seats: Sequence[Seat]) -> dict[int, int]:
    """A table's points for its humans: n − place at n seats."""
    return {user: len(places) - place for user, place in zip(seats, places, strict=True)
            if user is not None}


def totals(rounds: Sequence[Mapping[int, int]]) -> dict[int, int]:
    """Each player's points summed over the rounds played."""
    total: dict[int, int] = {}
    for points in rounds:
        for user, value in points.items():
            total[user] = total.get(user, 0) + value
    return total
