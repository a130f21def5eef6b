"""A tournament's seating (issue 27): round 1 by rating, Swiss after, computers fill what does
not divide, partners rotate in team games; points n − place, the total the sum of the rounds."""

from __future__ import annotations

from bot.social import pairing

RATING = {1: 1100, 2: 1050, 3: 1000, 4: 990, 5: 980, 6: 970, 7: 960, 8: 900}
BLOT_TEAMS = ((0, 2), (1, 3))


def test_round_one_by_rating_and_computers_fill_what_does_not_divide() -> None:
    order = pairing.ranked(list(RATING)[::-1], RATING)
    assert order == [1, 2, 3, 4, 5, 6, 7, 8]
    assert pairing.seat_round(order, 4) == [[1, 2, 3, 4], [5, 6, 7, 8]]
    assert pairing.tables_for(9, 4) == [3, 3, 3] and pairing.tables_for(5, 4) == [3, 2]
    assert pairing.tables_for(2, 4) == [2] and pairing.tables_for(0, 4) == []
    assert pairing.seat_round([1, 2, 3, 4, 5], 4) == [[1, 2, 3, None], [4, 5, None, None]]


def test_swiss_seats_by_points_then_rating() -> None:
    points = {8: 6, 1: 3, 5: 3, 2: 0}
    assert pairing.ranked(list(RATING), RATING, points)[:4] == [8, 1, 5, 2]


def test_partners_rotate_in_team_games() -> None:
    first = pairing.seat_round([1, 2, 3, 4], 4, BLOT_TEAMS)
    pairs = frozenset(pairing.partners(first[0], BLOT_TEAMS))
    assert pairs == {frozenset({1, 3}), frozenset({2, 4})}
    second = pairing.seat_round([1, 2, 3, 4], 4, BLOT_TEAMS, pairs)
    again = pairing.partners(second[0], BLOT_TEAMS)
    assert not again & pairs and len(again) == 2
    third = pairing.seat_round([1, 2, 3, 4], 4, BLOT_TEAMS, pairs | frozenset(again))
    assert not pairing.partners(third[0], BLOT_TEAMS) & (pairs | again), "the third pairing"


def test_points_and_totals() -> None:
    rounds = [pairing.round_points([1, 2, 3, 4], [1, 2, None, 3]),
              pairing.round_points([2, 2, 1, 4], [3, None, 1, 2])]
    assert rounds == [{1: 3, 2: 2, 3: 0}, {3: 2, 1: 3, 2: 0}]
    assert pairing.totals(rounds) == {1: 6, 2: 2, 3: 2}


def meetings(tables: list[list[pairing.Seat]], met: frozenset[frozenset[int]]) -> int:
    return sum(len(pairing.opponents(table) & met) for table in tables)


def test_swiss_avoids_repeat_opponents_where_it_can() -> None:
    """Sixteen tied after round 1 at four tables: round 2 can seat everyone with strangers, and
    does (plain Swiss would seat the same fours again); the best still opens table 1."""
    order = list(range(1, 17))
    first = pairing.seat_round(order, 4)
    met = frozenset(pair for table in first for pair in pairing.opponents(table))
    assert meetings(first, met) == 24
    second = pairing.seat_round(order, 4, met=met)
    assert meetings(second, met) == 0 and second[0][0] == 1
    assert sorted(u for table in second for u in table if u is not None) == order
    # eight at two tables: two of each old table meet at each new one, no fewer can
    eight = pairing.seat_round(list(range(1, 9)), 4)
    met8 = frozenset(pair for table in eight for pair in pairing.opponents(table))
    again = pairing.seat_round([1, 5, 2, 6, 3, 7, 4, 8], 4, met=met8)
    assert meetings(again, met8) == 4 and again[0][:2] == [1, 5]


def test_swaps_fix_what_filling_in_order_leaves() -> None:
    """Filling in order leaves the last table with two who met (3 and 4 below); a swap with the
    table above undoes it, and the best keeps table 1."""
    tables = pairing.group([1, 2, 3, 4], [2, 2], frozenset({frozenset({3, 4})}))
    assert tables == [[1, 3], [2, 4]]
