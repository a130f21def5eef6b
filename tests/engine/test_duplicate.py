"""Duplicate scoring (``engine/duplicate.py``): matchpoints worked by hand, by seat and by the
cards, the game's direction from its standings, and the team games' seating."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import GAME_NAMES, find_game
from engine.core import teams_of
from engine.duplicate import (
    Score,
    best,
    board_matchpoints,
    hand_keys,
    low_wins_of,
    matchpoints,
    seating,
    totals,
)
from engine.fair import deals, match_seed


def _points(board: list[list[Score] | None]) -> list[list[float] | None]:
    return [None if row is None else [s.points for s in row] for row in board]


HEARTS_BOARD = [(5, 8, 13, 0), (3, 8, 10, 5), (5, 10, 7, 4)]  # each table's points by seat


def test_hearts_fewest_points_beat_the_same_seat_elsewhere() -> None:
    """Seat 0 took 5, 3, 5: table 1 beat both (2), tables 0 and 2 tied each other and lost to
    table 1 (½ each). Seat 1 took 8, 8, 10; seat 2 13, 10, 7; seat 3 0, 5, 4."""
    board = matchpoints(HEARTS_BOARD, low_wins=True)
    assert _points(board) == [[0.5, 1.5, 0, 2], [2, 1.5, 1, 0], [0.5, 0, 2, 1]]
    assert {s.top for row in board if row for s in row} == {2}


def test_where_more_is_better_the_same_results_score_the_other_way() -> None:
    board = matchpoints(HEARTS_BOARD, low_wins=False)
    assert _points(board) == [[1.5, 0.5, 2, 0], [0, 0.5, 1, 2], [1.5, 2, 0, 1]]


def test_a_table_that_did_not_play_the_board_is_left_out() -> None:
    board = matchpoints([HEARTS_BOARD[0], None, HEARTS_BOARD[2]], low_wins=True)
    assert board[1] is None
    assert _points(board) == [[0.5, 1, 0, 1], None, [0.5, 0, 1, 0]]
    assert {s.top for row in board if row for s in row} == {1}


def test_teams_compare_with_the_same_side() -> None:
    """Bazar Blot, two tables: the side that made 120 beat its twin's 82; the other side's 80
    beat 42."""
    assert _points(matchpoints([(120, 42), (82, 80)])) == [[1, 0], [0, 1]]


def test_by_the_cards_a_hand_dealt_to_another_seat_is_still_its_own() -> None:
    """Thirteen: the loser deals the next game, so table 1 has the same three hands one seat
    on. Hand a: 2 (table 0, seat 0) against 0 (table 1, seat 1); b: 1 against 2; c: 0 against
    1. A third table holding a and b (its seats 1 and 2) with 0 each: a 2, ½, ½ over the
    tables; b 1, 2, 0; its other hand (56 after a beaten seat: another deal) meets no one."""
    a, b, c, z = ["3S", "5H"], ["4S", "6H"], ["7C", "8C"], ["9C", "TC"]
    hands = [[a, b, c], [c, a, b], [z, list(reversed(a)), b]]
    results = [(2, 1, 0), (1, 0, 2), (0, 0, 0)]
    board = board_matchpoints(hands[:2], results[:2])
    assert _points(board) == [[1, 0, 0], [1, 0, 1]]
    three = board_matchpoints(hands, results)
    assert three[2] is not None and three[2][0] == Score(0.0, 0)
    assert _points(three) == [[2, 1, 0], [1, 0.5, 2], [0, 0.5, 0]]


def test_by_the_cards_teams_meet_the_team_that_held_their_cards() -> None:
    """Table 1 dealt one seat on: its team (0, 2) holds table 0's team (1, 3) cards."""
    h = [["AS"], ["KS"], ["QS"], ["JS"]]
    board = board_matchpoints([h, [h[3], h[0], h[1], h[2]]], [(100, 62), (90, 72)],
                              teams=((0, 2), (1, 3)))
    assert _points(board) == [[1, 0], [1, 0]]


def test_totals_sum_the_boards_and_best_names_the_tables() -> None:
    first = matchpoints(HEARTS_BOARD, low_wins=True)
    second = matchpoints([(0, 0, 26, 0), None, (26, 0, 0, 0)], low_wins=True)
    summed = totals([first, second])
    assert summed[0] == [Score(1.5, 3), Score(2, 3), Score(0, 3), Score(2.5, 3)]
    assert summed[1] == [Score(2, 2), Score(1.5, 2), Score(1, 2), Score(0, 2)]
    assert best(first) == [[1], [0, 1], [2], [0]]
    assert best(second) == [[0], [0, 2], [2], [0, 2]]


def test_rows_of_other_lengths_are_refused() -> None:
    with pytest.raises(ValueError, match="table 0"):
        board_matchpoints([[["AS"], ["KS"]]], [(1, 2, 3)])
    with pytest.raises(ValueError):
        board_matchpoints([None], [(1, 2), (2, 1)])


@given(st.integers(1, 6).flatmap(lambda seats: st.lists(
    st.one_of(st.none(), st.lists(st.integers(-30, 30), min_size=seats, max_size=seats)),
    min_size=1, max_size=6)), st.booleans())
def test_each_seat_shares_out_one_point_a_pair_of_tables(
        results: list[list[int] | None], low_wins: bool) -> None:
    """Every pair of tables that both played gives one point between them, for each seat: m
    tables share m(m-1)/2; and the opposite direction on the negated results is the same."""
    board = matchpoints(results, low_wins)
    played = [row for row in board if row is not None]
    m = len(played)
    for e in range(len(played[0]) if played else 0):
        assert sum(row[e].points for row in played) == m * (m - 1) / 2
        assert all(row[e].top == m - 1 for row in played)
    negated = [None if row is None else [-v for v in row] for row in results]
    assert matchpoints(negated, not low_wins) == board


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_direction_is_the_standings(name: str) -> None:
    game = find_game(name)
    assert low_wins_of(game, game.sizes[0]) is (name == "hearts")


TEAM_TABLES = [("bazar_blot", 4), ("fifty_six", 4), ("fifty_six", 6), ("fifty_six", 8)]


@pytest.mark.parametrize(("name", "players"), TEAM_TABLES)
def test_each_pair_holds_every_side_at_as_many_tables(name: str, players: int) -> None:
    """Blot and 56 at 4 seats have two sides, 56 at 6 three pairs and at 8 four: over as many
    tables, the pair the pairing put on side i holds each side once, partners together."""
    teams = teams_of(find_game(name), players)
    tables = [[f"t{t}s{s}" for s in range(players)] for t in range(len(teams))]
    for round_index in (0, 1):
        seated = seating(tables, teams, round_index)
        for team in teams:
            held = set()
            for before, after in zip(tables, seated, strict=True):
                pair = {before[s] for s in team}
                (side,) = [j for j, other in enumerate(teams) if {after[s] for s in other} == pair]
                held.add(side)
            assert held == set(range(len(teams)))
        still = -round_index % len(teams)  # the table whose players stay where they were
        assert seated[still] == tables[still]


def test_one_seat_on_by_hand() -> None:
    assert seating([list("ABCD"), list("EFGH")], ((0, 2), (1, 3))) == [list("ABCD"), list("HEFG")]
    assert seating([list("ABCD"), list("EFGH")], ((0, 2), (1, 3)), 1) == [list("DABC"), list("EFGH")]
    six = ((0, 3), (1, 4), (2, 5))
    assert seating([list("ABCDEF")] * 3, six) == [list("ABCDEF"), list("FABCDE"), list("EFABCD")]


def test_seating_refuses_teams_one_seat_does_not_swap() -> None:
    with pytest.raises(ValueError):
        seating([list("ABCD")], ((0, 1), (2, 3)))
    with pytest.raises(ValueError):
        seating([list("ABCD")], ())


def _played(name: str, players: int, seed: int, rng: random.Random, **rules: int) -> tuple[
        list[tuple[int, str]], list[tuple[int, ...]]]:
    """A whole match by random play: its log and each deal's results."""
    game = find_game(name)
    state, log = game.new_match(players, seed, **rules), []
    while not game.is_over(state):
        seat = min(game.to_act(state))
        action = rng.choice(list(game.legal_actions(state, seat)))
        state = game.apply(state, seat, action)
        log.append((seat, str(action)))
    return log, [r.results for r in game.public_observation(state).history]


def test_two_hearts_tables_on_one_seed_play_the_same_boards() -> None:
    """Hearts deals do not depend on play: every board both tables reached had the same hands,
    and the matchpoints by seat are the matchpoints by the cards."""
    seed = match_seed(bytes(range(16)), ["round 1"])
    played = [_played("hearts", 4, seed, random.Random(t), target=50) for t in range(2)]
    shared = min(len(results) for _, results in played)
    hands = [deals("hearts", 4, seed, shared, log=log, target=50) for log, _ in played]
    assert hands[0] == hands[1]
    for k in range(shared):
        results = [results[k] for _, results in played]
        assert board_matchpoints([h[k] for h in hands], results, low_wins=True) == \
            matchpoints(results, low_wins=True)


def test_two_thirteen_tables_hold_the_same_hands_wherever_they_went() -> None:
    """Thirteen's later games go to whichever seats the loser's deal gives them: the same
    hands all the same, so every entry meets its twin."""
    seed = match_seed(bytes(range(16)), ["round 2"])
    played = [_played("thirteen", 3, seed, random.Random(t), match_games=3) for t in range(2)]
    hands = [deals("thirteen", 3, seed, 3, log=log, match_games=3) for log, _ in played]
    moved = 0
    for k in range(3):
        keys = [hand_keys(h[k]) for h in hands]
        assert sorted(keys[0]) == sorted(keys[1])
        moved += keys[0] != keys[1]
        board = board_matchpoints([h[k] for h in hands], [r[k] for _, r in played])
        assert all(s.top == 1 for row in board if row for s in row)
    assert moved  # these two matches' losers dealt differently: by seat, other cards would meet
