"""Scores that last (issue 18): a match's result written once when it ends, the ratings it
moves, the end-of-match summary and score-race picture, and what /top, /stats and /history show.
No Telegram here: texts and screens, drawn from the stored records and the engine's facts.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine import Game, find_game, replay
from engine.core import DealRecord, Standings
from engine.players import DEFAULT_LEVEL, LEVEL_NAMES
from storage import MatchRecord, SeatResult, Store, TableRecord
from storage.interface.records import engine_rules
from storage.interface.scores import DealLine, MatchFacts, MatchStatus, Story, player_key

from .. import i18n
from ..callbacks import BadCallback, Kind, decode, encode
from ..coach.replay import open_data
from ..views import Context, view_for
from ..views.base import RESULT, BaseView, Button, Line, Screen, signed
from . import chart, ratings

HISTORY = 10  # matches /history lists
TOP = 10  # lines of /top for one game
TOP_EACH = 5  # lines per game of /top without a game


class ScoreError(Exception):
    """A request about scores that cannot be answered; ``key`` names the alert."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


# ----- writing a match as it ends


async def finish(store: Store, game: Game, table: TableRecord, state: Any, now: float, *,
                 status: MatchStatus = "finished", rated: bool = True) -> Story:
    """Write the match of a table that ended (once: a second call returns the first story),
    with the engine's facts; rate its players when it finished and ``rated`` (an abandoned
    match is stored unrated)."""
    match, facts = match_record(game, table, state, now, status=status, rated=rated)
    rate = None
    if facts.rated:
        players = [player_key(r.user_id, r.level) for r in match.results]
        if facts.by_team:
            entries = [[players[s] for s in team] for team in facts.teams]
            rate = ratings.rater(entries, facts.places)
        else:
            rate = ratings.rater([[p] for p in players], [r.place for r in match.results])
        rate = ratings.sparing(rate, {players[s] for s in facts.hinted})
    return await store.scores.record(match, facts, rate)


def match_record(game: Game, table: TableRecord, state: Any, now: float, *,
                 status: MatchStatus = "finished",
                 rated: bool = True) -> tuple[MatchRecord, MatchFacts]:
    public = game.public_observation(state)
    table_ = public.standings
    teams = [list(t) for t in public.teams]
    over = status == "finished" and game.is_over(state)
    places = game.rankings(state) if over else public.seat_places  # stopped: the places so far
    scores = game.scores(state)
    results = [SeatResult(seat=i, user_id=s.user_id, level=s.level if s.user_id is None else None,
                          name=s.name, score=scores[i], place=places[i])
               for i, s in enumerate(table.seats)]
    match = MatchRecord(table_id=table.id or 0, chat_id=table.key.chat_id,
                        thread_id=table.key.thread_id, game=table.game, rules=table.rules,
                        seed=table.seed, log=table.log, finished_at=now, results=results)
    rules = engine_rules(table.rules)
    start = game.public_observation(game.new_match(table.players, table.seed, **rules))
    facts = MatchFacts(
        status=status, rated=rated and over, teams=teams, by_team=table_.by_team,
        low_wins=table_.low_wins, unit=table_.unit, start=list(start.standings.values),
        values=list(table_.values), places=list(table_.places), order=list(table_.order),
        deals=[DealLine(number=d.number, results=list(d.results),
                        values=list(d.standings.values), places=list(d.standings.places))
               for d in public.history],
        hinted=[i for i, s in enumerate(table.seats) if s.user_id is not None and s.hinted],
        tournament=table.tournament_id, tour_round=table.tour_round, board=table.key.slot)
    return match, facts


async def recover(store: Store, now: float) -> int:
    """Start-up: write the match of every finished table that has none (the process stopped
    between the table's last save and its match's); their summaries are not posted again."""
    count = 0
    for table_id in await store.scores.unrecorded():
        table = await store.tables.by_id(table_id)
        if table is None:
            continue
        game = find_game(table.game)
        state = replay(game, table.players, table.seed, table.log, **engine_rules(table.rules))
        if game.is_over(state):
            await finish(store, game, table, state, now)
            count += 1
    return count


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


# ----- what the commands show


@dataclass
class ScoreService:
    """/top, /stats, /history and the history's sheet buttons, from the store."""

    store: Store

    async def top(self, chat_id: int, game: str | None, lang: str) -> str:
        """The people ranked by rating; the computer levels after them, for comparison only
        (a level's rating is shared by every seat it ever had: it wins no place here)."""
        games = [game] if game else await self.store.scores.games(chat_id)
        blocks = []
        for name in games:
            lines = await self.store.scores.board(chat_id, name)
            if not lines:
                continue
            people = sorted((b for b in lines if b.user_id is not None),
                            key=lambda b: (-ratings.shown(b.rating), -b.won, b.player))
            levels = {b.level or DEFAULT_LEVEL: b for b in lines if b.user_id is None}
            block = [i18n.t(lang, "top-game", game=i18n.t(lang, f"game-{name}"))]
            block += [i18n.t(lang, "top-rated-line", place=i + 1,
                             name=i18n.isolate(html.escape(b.name)),
                             rating=str(ratings.shown(b.rating)), played=b.played, won=b.won)
                      for i, b in enumerate(people[: TOP if game else TOP_EACH])]
            computers = [f"{i18n.t(lang, f'level-{level}')} {ratings.shown(levels[level].rating)}"
                         for level in LEVEL_NAMES if level in levels]
            if computers:
                block.append(i18n.t(lang, "top-computers", levels=" · ".join(computers)))
            blocks.append("\n".join(block))
        if not blocks:
            return html.escape(i18n.t(lang, "top-empty"))
        return "\n\n".join([i18n.t(lang, "top-title"), *blocks])

    async def stats(self, user_id: int, name: str, lang: str) -> str:
        rows = await self.store.scores.stats(user_id)
        if not rows:
            return html.escape(i18n.t(lang, "stats-empty"))
        lines = [i18n.t(lang, "stats-title", name=i18n.isolate(html.escape(name)))]
        lines += [i18n.t(lang, "stats-line", game=i18n.t(lang, f"game-{r.game}"),
                         rating=str(ratings.shown(r.rating)), played=r.played, won=r.won, chats=r.chats)
                  for r in rows]
        return "\n".join(lines)

    async def history(self, chat_id: int, lang: str, limit: int = HISTORY) -> Screen:
        stories = await self.store.scores.history(chat_id, limit)
        if not stories:
            return Screen.of(i18n.t(lang, "history-empty"))
        lines, buttons, heading = [i18n.t(lang, "history-title")], [], None
        replays: list[Button] = []
        for index, story in enumerate(grouped(stories), start=1):
            facts = story.facts
            if facts.tournament is not None and facts.tournament != heading:
                lines.append(i18n.t(lang, "history-tournament", id=facts.tournament))
            heading = facts.tournament
            names = seat_names(story.match.results, lang)
            winners = ", ".join(html.escape(names[r.seat]) for r in story.match.results
                                if r.place == 1)
            key = "history-line" if facts.status == "finished" else "history-line-stopped"
            line = i18n.t(lang, key, number=index, game=i18n.t(lang, f"game-{story.match.game}"),
                          names=winners or "—", deals=len(facts.deals), code=story.match.game)
            if facts.hinted:
                line += " " + i18n.t(lang, "coach-history-hinted")
            if facts.tournament is not None:
                line = "   " + line + " · " + i18n.t(lang, "history-in-tournament",
                                                    round=facts.tour_round, board=facts.board)
            lines.append(line)
            buttons.append(Button(f"📋 {index}", _sheet_data(story.match.id or 0)))
            if story.facts.deals:  # ⏯: the match's deals replayed in private, from the first
                replays.append(Button(f"⏯ {index}", open_data("m", story.match.id or 0, 1)))
        rows = tuple(tuple(b[i:i + 5]) for b in (buttons, replays) for i in range(0, len(b), 5))
        return Screen.html("\n".join(lines), rows)

    async def chat_of(self, match_id: int) -> int:
        """The chat a stored match was played in (a /start match_<id> link names only the id)."""
        story = await self.store.scores.story(match_id)
        if story is None:
            raise ScoreError("error-stale")
        return story.match.chat_id

    async def sheet(self, match_id: int, chat_id: int, lang: str) -> Screen:
        """A stored match's deal-by-deal sheet, for a /history button pressed in ``chat_id``."""
        story = await self.store.scores.story(match_id)
        if story is None or story.match.chat_id != chat_id:
            raise ScoreError("error-stale")
        match = story.match
        names = seat_names(match.results, lang)
        ctx = Context(lang, match.table_id, 0, names, match.game)
        try:  # the record is the truth: the game's own sheet from the replayed match
            game = find_game(match.game)
            state = replay(game, len(match.results), match.seed, match.log,
                           **engine_rules(match.rules))
            sheet = view_for(match.game).score_sheet(game.public_observation(state), ctx)
        except Exception:  # a match an older version wrote: the stored deal records
            sheet = BaseView().score_sheet(_stored_public(story), ctx)
        if story.facts.status == "stopped":
            sheet = sheet.plus((Line(i18n.t(lang, "history-stopped")),))
        return sheet


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


def _sheet_data(match_id: int) -> str:
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


def _stored_public(story: Story) -> _Public:
    """Enough of a public view for the shared score sheet, from the stored deal records."""
    f = story.facts

    def table(values: list[int], places: list[int]) -> Standings:
        order = tuple(sorted(range(len(values)), key=lambda i: (places[i], i)))
        return Standings(tuple(values), tuple(places), order, f.low_wins, f.unit, f.by_team)

    history = tuple(DealRecord(d.number, tuple(d.results), table(d.values, d.places))
                    for d in f.deals)
    return _Public(table(f.values, f.places), history, tuple(tuple(t) for t in f.teams))


