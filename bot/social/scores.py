"""Scores that last (issue 18), in words: the end-of-match summary and score-race picture, the
seats' names as a stored match has them, and the pieces of /history; drawn from the stored records
and the engine's facts. No Telegram and no store here (``results`` writes a match,
``score_service`` reads what /top, /stats, /history and a stored sheet show)."""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.core import DealRecord, Standings
from engine.players import LEVEL_NAMES
from storage import SeatResult
from storage.interface.scores import MatchFacts, Story, player_key

from .. import i18n
from ..callbacks import BadCallback, Kind, decode, encode
from ..views import Context, view_for
from ..views.base import signed
from ..views.screen import RESULT, Line, Screen
from . import chart, ratings

HISTORY = 10  # matches /history lists
TOP = 10  # lines of /top for one game
TOP_EACH = 5  # lines per game of /top without a game


# ----- the end of a match: the summary and the picture


def seat_names(results: Sequence[SeatResult], lang: str) -> tuple[str, ...]:
    """The seats' names as the table shows them: isolated, plain; computers by level."""
    return tuple(i18n.isolate(r.name) if r.user_id is not None
                 else f"🤖{r.seat + 1} " + i18n.t(lang, f"level-{r.level or 'normal'}")
                 for r in results)


def seats_best_first(facts: MatchFacts) -> list[int]:
    """The seats in the engine's order of the standings' entries (a team's seats together)."""
    return [s for e in facts.order for s in (facts.teams[e] if facts.by_team else [e])]


def rating_lines(story: Story, names: Sequence[str], lang: str) -> list[str]:
    """'📈 Արամ 1060 (+60) · Անի 988 (−12)': the humans' changes, best place first. Then,
    once, the computer levels' ratings: one per level, shared by all its seats (whose places
    differ), so it is shown as a reference with no change, and never as a seat's result."""
    if not story.changes:
        return []
    change = {c.player: c for c in story.changes}
    results = story.match.results
    humans = []
    for seat in seats_best_first(story.facts):
        user = results[seat].user_id
        if seat in story.facts.hinted:
            continue  # their rating did not move: the hint line says why
        if user is not None and (moved := change.get(player_key(user, None))) is not None:
            after, before = ratings.shown(moved.after), ratings.shown(moved.before)
            humans.append(f"{names[seat]} {after} ({signed(after - before)})")
    levels = [f"{i18n.t(lang, f'level-{level}')} {ratings.shown(change[key].after)}"
              for level in LEVEL_NAMES if (key := player_key(None, level)) in change]
    lines = [i18n.t(lang, "match-ratings", ratings=" · ".join(humans))] if humans else []
    if levels:
        lines.append(i18n.t(lang, "match-computer-ratings", levels=" · ".join(levels)))
    return lines


def summary(public: Any, ctx: Context, story: Story | None) -> Screen:
    """The group's one post at the end of a match: the game's own result (places, standings,
    the rematch button), then the rating changes."""
    screen = view_for(ctx.game).match_result(public, ctx)
    lines = rating_lines(story, ctx.names, ctx.lang) if story else []
    if story and story.facts.hinted:
        lines.append(i18n.t(ctx.lang, "coach-match-hinted",
                            names=", ".join(ctx.names[s] for s in story.facts.hinted)))
    return screen.plus([Line(line, RESULT) for line in lines])


def chart_labels(results: Sequence[SeatResult], facts: MatchFacts, lang: str) -> tuple[str, ...]:
    """Plain names for the picture (no HTML, no emoji): computers by level and seat."""
    names = [r.name if r.user_id is not None
             else f"{i18n.t(lang, 'level-' + (r.level or 'normal'))} {r.seat + 1}" for r in results]
    if facts.by_team:
        return tuple(" & ".join(names[s] for s in team) for team in facts.teams)
    return tuple(names)


def race(story: Story, lang: str) -> chart.Race:
    """The score race of a stored match: the standings before the first deal, then after each
    deal, per entry, exactly as the engine recorded them."""
    facts, game = story.facts, story.match.game
    entries = len(facts.values)
    series = tuple(tuple([facts.start[i], *(d.values[i] for d in facts.deals)])
                   for i in range(entries))
    unit = i18n.t(lang, f"chart-{facts.unit}")
    if facts.low_wins:
        unit = i18n.t(lang, "chart-low-wins", unit=unit)
    return chart.Race(
        title=i18n.t(lang, "chart-title", game=i18n.t(lang, f"game-{game}")),
        xlabel=i18n.t(lang, "chart-deal", game=game), ylabel=unit,
        labels=chart_labels(story.match.results, facts, lang),
        deals=(0, *(d.number for d in facts.deals)), series=series, order=tuple(facts.order))


def photo_caption(story: Story, lang: str) -> str:
    return html.escape(i18n.t(lang, "chart-title", game=i18n.t(lang, f"game-{story.match.game}")))


class ScoreError(Exception):
    """A request about scores that cannot be answered; ``key`` names the alert."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


# ----- what the commands show


def grouped(stories: Sequence[Story]) -> list[Story]:
    """Newest first, a tournament's matches together where its newest one stands (/history
    groups them under the tournament's heading)."""
    out: list[Story] = []
    for story in stories:
        tid = story.facts.tournament
        if tid is None or all(s.facts.tournament != tid for s in out):
            out.append(story)
            out += [s for s in stories if tid is not None and s is not story
                    and s.facts.tournament == tid]
    return out


def sheet_data(match_id: int) -> str:
    return encode(Kind.MATCH_SHEET, match_id)


def sheet_press(data: str | None) -> int:
    """The match id of a /history button's data, read strictly (ASCII digits, in range)."""
    try:
        press = decode(data)
    except BadCallback as error:
        raise ScoreError("error-bad-button") from error
    if press.kind != Kind.MATCH_SHEET or press.move != 0 or press.arg:
        raise ScoreError("error-bad-button")
    return press.table_id


@dataclass(frozen=True)
class _Public:
    standings: Standings
    history: tuple[DealRecord, ...]
    teams: tuple[tuple[int, ...], ...]


def stored_public(story: Story) -> _Public:
    """Enough of a public view for the shared score sheet, from the stored deal records."""
    f = story.facts

    def table(values: list[int], places: list[int]) -> Standings:
        order = tuple(sorted(range(len(values)), key=lambda i: (places[i], i)))
        return Standings(tuple(values), tuple(places), order, f.low_wins, f.unit, f.by_team)

    history = tuple(DealRecord(d.number, tuple(d.results), table(d.values, d.places))
                    for d in f.deals)
    return _Public(table(f.values, f.places), history, tuple(tuple(t) for t in f.teams))


