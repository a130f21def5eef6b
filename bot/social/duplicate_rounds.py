"""A duplicate tournament's round (issue 41): every table of it dealt from the round's one secret,
so every table holds the same cards, and each result compared with the results of the same
cards at the other tables (``engine.duplicate``: a matchpoint for each table beaten, half for a
tie). Counted from the stores alone (each table's seed and log for its hands, its stored match
for its deals' results), so a restart counts a round as it would have been counted.

Points are kept in halves (an int: 7 is 3½) so that the tournament's record keeps integers."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.duplicate import Score, best, board_matchpoints
from engine.duplicate import seating as seating_of
from engine.fair import deals
from storage import Store, TableRecord
from storage.interface.records import engine_rules
from storage.interface.scores import Story

Seats = Sequence[int | None]  # a table's users by seat (None: a computer)
DUPLICATE = "duplicate"  # the bot's rule a duplicate round's tables carry (``BOT_RULES``)


@dataclass(frozen=True, slots=True)
class Board:
    """One deal as the round's tables played it: each table's matchpoints by entry (None where
    it did not reach it), and for each entry the tables that did best with its cards."""

    number: int
    scores: list[list[Score] | None]
    best: list[list[int]]


@dataclass(frozen=True, slots=True)
class Round:
    boards: list[Board]
    entries: list[list[tuple[int, ...]]]  # each table's entries as seats (a seat, or a team)
    points: dict[int, int]  # each human's matchpoints of the round, in halves


def count(tables: Sequence[TableRecord | None], stories: Sequence[Story | None],
          seating: Sequence[Seats]) -> Round:
    """The round from its tables (by board) and their stored matches; a table with none (a
    match lost to a crash, counted late) plays no board."""
    hands, results, entries = [], [], []
    low_wins = False
    for table, story in zip(tables, stories, strict=True):
        played = len(story.facts.deals) if story and table else 0
        hands.append(deals(table.game, table.players, table.seed, played, log=table.log,
                           **engine_rules(table.rules)) if table and played else [])
        results.append([line.results for line in story.facts.deals] if story else [])
        teams = tuple(tuple(x) for x in story.facts.teams) if story and story.facts.by_team \
            else ()
        size = table.players if table else 0
        entries.append(list(teams) or [(seat,) for seat in range(size)])
        low_wins = low_wins or bool(story and story.facts.low_wins)
    boards = []
    for number in range(1, max(map(len, results), default=0) + 1):
        scores = board_matchpoints(
            [h[number - 1] if len(h) >= number else None for h in hands],
            [r[number - 1] if len(r) >= number else None for r in results],
            _teams(entries), low_wins)
        boards.append(Board(number, scores, best(scores)))
    return Round(boards, entries, _points(boards, entries, seating))


def _teams(entries: Sequence[Sequence[tuple[int, ...]]]) -> tuple[tuple[int, ...], ...]:
    """The entries as ``board_matchpoints`` takes them: teams where an entry is several seats."""
    first = next((e for e in entries if e), [])
    return tuple(first) if any(len(e) > 1 for e in first) else ()


def _points(boards: Sequence[Board], entries: Sequence[Sequence[tuple[int, ...]]],
            seating: Sequence[Seats]) -> dict[int, int]:
    points: dict[int, int] = {u: 0 for seats in seating for u in seats if u is not None}
    for board in boards:
        for t, row in enumerate(board.scores):
            for e, score in enumerate(row or ()):
                for seat in entries[t][e]:
                    user = seating[t][seat]
                    if user is not None:
                        points[user] += round(2 * score.points)
    return points


def halves(value: int) -> str:
    """Points kept in halves as players write them: 7 → '3½', 8 → '4'."""
    whole, half = divmod(value, 2)
    return f"{whole}½" if half else str(whole)


def turned(seating: list[list[int | None]], teams: Sequence[tuple[int, ...]],
           round_index: int) -> list[list[int | None]]:
    """A team game's round turned so that over its tables each pair holds every side of the
    deals (``engine.duplicate.seating``); a game of no such pairs as seated."""
    if len(teams) < 2:
        return seating
    try:
        return seating_of(seating, tuple(teams), round_index)
    except ValueError:  # teams that one seat's turn does not swap: as the pairing seated them
        return seating


async def hands_hidden(store: Store, table: TableRecord) -> bool:
    """A duplicate round's table whose round still plays somewhere: its hands (every table's
    of the round) are no one's but its own seats' yet."""
    if not table.rules.get(DUPLICATE) or table.tournament_id is None:
        return False
    return any(other.status in ("lobby", "playing")
               for other in await store.tournaments.tables(table.tournament_id)
               if other.tour_round == table.tour_round)
