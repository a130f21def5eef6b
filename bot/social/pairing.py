"""A tournament's seating (issue 27), pure: round 1 by rating, later rounds Swiss (by the points
so far) with as few players meeting again as can be, humans spread evenly over the fewest tables
so that computers fill what does not divide, and in team games the seats chosen so that partners
change from round to round. And the
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
               partnered: frozenset[frozenset[int]] = frozenset(),
               met: frozenset[frozenset[int]] = frozenset()) -> list[list[Seat]]:
    """The tables of a round: runs of ``order`` (so the best play the best) that have the
    fewest pairs meet again (``met``: the pairs that have sat at one table), each filled with
    computers to ``size`` seats; with ``teams``, each table's seats ordered so that the fewest
    pairs sit as partners again (``partnered``: the pairs that have been)."""
    out = []
    for humans in group(order, tables_for(len(order), size), met):
        table: list[Seat] = [*humans, *([None] * (size - len(humans)))]
        out.append(rotate(table, teams, partnered) if teams else table)
    return out


def group(order: Sequence[int], sizes: Sequence[int],
          met: frozenset[frozenset[int]]) -> list[list[int]]:
    """``order`` in tables of ``sizes``: each table opened by the best not yet seated, then
    filled by the best of those who have met the fewest already there; then two players of two
    tables swap wherever that leaves fewer meetings again. No meetings: consecutive runs."""
    left, tables = list(order), []
    for size in sizes:
        table = [left.pop(0)]
        while len(table) < size:
            pick = min(range(len(left)), key=lambda i: (_again(left[i], table, met), i))
            table.append(left.pop(pick))
        tables.append(table)
    while _swap(tables, met):
        pass
    return [sorted(table, key=list(order).index) for table in tables]


def _again(user: int, others: Sequence[int], met: frozenset[frozenset[int]]) -> int:
    return sum(frozenset((user, other)) in met for other in others if other != user)


def _swap(tables: list[list[int]], met: frozenset[frozenset[int]]) -> bool:
    """Make the first swap of two players between tables that lowers the meetings again (the
    lowest placed of the upper table first: its opener stays)."""
    for a, b in itertools.combinations(range(len(tables)), 2):
        for i in reversed(range(len(tables[a]))):
            x = tables[a][i]
            for j, y in enumerate(tables[b]):
                before = _again(x, tables[a], met) + _again(y, tables[b], met)
                rest_a = [u for u in tables[a] if u != x]
                rest_b = [u for u in tables[b] if u != y]
                if _again(y, rest_a, met) + _again(x, rest_b, met) < before:
                    tables[a][i], tables[b][j] = y, x
                    return True
    return False


def opponents(table: Sequence[Seat]) -> set[frozenset[int]]:
    """The pairs of humans who sat at ``table`` together."""
    humans = [user for user in table if user is not None]
    return {frozenset(pair) for pair in itertools.combinations(humans, 2)}


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
