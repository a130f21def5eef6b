"""Seasons (issue 27): each chat's calendar month, in the chat's time zone, is a season; per
game, its people's rated matches, wins and the rating they gained in it. What /season shows
and what a season's end post says and draws, from the stored matches and their rating changes
(the same numbers /top shows: ``ratings.shown``). No Telegram here, and no clock: the caller
says when "now" is.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from storage.interface.scores import Story, player_key

from .. import i18n
from ..views.base import signed
from . import chart, ratings

DEFAULT_ZONE = "Asia/Yerevan"
RACE_LINES = 6  # players drawn in a season's race: the best ranked
MEDALS = ("🥇", "🥈", "🥉")


def zone_named(name: str) -> str | None:
    """The IANA zone a chat's admin typed ('Europe/Moscow'), or None if there is none such."""
    try:
        return ZoneInfo(name).key if name and name.isascii() and ".." not in name else None
    except (ZoneInfoNotFoundError, ValueError):
        return None


@dataclass(frozen=True, slots=True)
class Season:
    """A calendar month in a time zone."""

    year: int
    month: int
    zone: str = DEFAULT_ZONE

    @property
    def key(self) -> str:
        return f"{self.year:04d}-{self.month:02d}"

    def start(self) -> float:
        return datetime(self.year, self.month, 1, tzinfo=ZoneInfo(self.zone)).timestamp()

    def end(self) -> float:
        return self.next().start()

    def next(self) -> Season:
        year, month = divmod(self.year * 12 + self.month, 12)  # month is 1..12: +1 is implied
        return Season(year, month + 1, self.zone)

    def previous(self) -> Season:
        year, month = divmod(self.year * 12 + self.month - 2, 12)
        return Season(year, month + 1, self.zone)

    def name(self, lang: str) -> str:
        """'նոյեմբեր 2026', 'November 2026'."""
        return i18n.t(lang, "season-name", month=i18n.t(lang, f"month-{self.month}"),
                      year=str(self.year))


def season_at(at: float, zone: str) -> Season:
    local = datetime.fromtimestamp(at, ZoneInfo(zone))
    return Season(local.year, local.month, zone)


@dataclass
class Line:
    """One person's season in one game."""

    user_id: int
    name: str  # as in their latest match of the season
    played: int = 0
    won: int = 0
    gained: int = 0  # the shown rating gained in this chat's matches of the season
    race: list[int] = field(default_factory=list)  # gained after each of the game's matches


@dataclass
class Board:
    """A game's season in a chat: its people best first (wins, then rating gained, then fewer
    matches), and how many rated matches it had."""

    game: str
    lines: list[Line]
    matches: int


def boards(stories: Sequence[Story]) -> list[Board]:
    """Each game's board from the season's rated matches (in the order they finished), the
    most played game first."""
    by_game: dict[str, list[Story]] = {}
    for story in stories:
        by_game.setdefault(story.match.game, []).append(story)
    made = [_board(game, played) for game, played in by_game.items()]
    return sorted((b for b in made if b.lines), key=lambda b: (-b.matches, b.game))


def _board(game: str, stories: list[Story]) -> Board:
    lines: dict[int, Line] = {}
    for number, story in enumerate(stories):
        moved = {c.player: ratings.shown(c.after) - ratings.shown(c.before) for c in story.changes}
        for result in story.match.results:
            if result.user_id is None:
                continue
            line = lines.setdefault(result.user_id, Line(result.user_id, result.name,
                                                         race=[0] * number))
            line.name, line.played = result.name, line.played + 1
            line.won += result.place == 1
            line.gained += moved.get(player_key(result.user_id, None), 0)
        for line in lines.values():
            line.race.append(line.gained)
    ranked = sorted(lines.values(), key=lambda x: (-x.won, -x.gained, x.played, x.user_id))
    return Board(game, ranked, len(stories))


# ----- what the chat reads


def _name(line: Line) -> str:
    return i18n.isolate(html.escape(line.name))


def table_text(season: Season, found: Sequence[Board], lang: str, limit: int) -> str:
    """/season: each game's people, ``limit`` lines a game (HTML)."""
    name = season.name(lang)
    if not found:
        return html.escape(i18n.t(lang, "season-empty", season=name))
    blocks = [i18n.t(lang, "season-title", season=name, zone=season.zone)]
    for board in found:
        block = [i18n.t(lang, "top-game", game=i18n.t(lang, f"game-{board.game}"))]
        block += [i18n.t(lang, "season-line", place=i + 1, name=_name(line), won=line.won,
                         played=line.played, gained=signed(line.gained))
                  for i, line in enumerate(board.lines[:limit])]
        blocks.append("\n".join(block))
    return "\n\n".join(blocks)


def end_text(season: Season, board: Board, lang: str) -> str:
    """A season's end post for one game (HTML, short enough for a photo's caption): the top
    three, who played the most matches, who climbed the most."""
    game = i18n.t(lang, f"game-{board.game}")
    lines = [i18n.t(lang, "season-over", game=game, season=season.name(lang))]
    lines += [i18n.t(lang, "season-podium", medal=medal, name=_name(line), won=line.won,
                     gained=signed(line.gained))
              for medal, line in zip(MEDALS, board.lines, strict=False)]
    most = max(board.lines, key=lambda x: x.played)  # the first ranked among equals
    lines.append(i18n.t(lang, "season-most", name=_name(most), played=most.played))
    climb = max(board.lines, key=lambda x: x.gained)
    if climb.gained > 0:
        lines.append(i18n.t(lang, "season-climb", name=_name(climb), gained=signed(climb.gained)))
    return "\n".join(lines)


def race(season: Season, board: Board, lang: str) -> chart.Race:
    """The season's race: the rating each of the best ranked had gained after each of the
    game's matches in the season (0 before the first)."""
    drawn = board.lines[:RACE_LINES]
    return chart.Race(
        title=i18n.t(lang, "season-chart-title", game=i18n.t(lang, f"game-{board.game}"),
                     season=season.name(lang)),
        xlabel=i18n.t(lang, "season-chart-matches"), ylabel=i18n.t(lang, "season-chart-gained"),
        labels=tuple(line.name for line in drawn), deals=tuple(range(board.matches + 1)),
        series=tuple((0, *line.race) for line in drawn), order=tuple(range(len(drawn))))
