"""A tournament's seating (issue 27): round 1 by rating, Swiss after, computers fill what does
not divide, partners rotate in team games; points n − place, the total the sum of the rounds."""

from __future__ import annotations

from bot import pairing

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
