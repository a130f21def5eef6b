"""What /top, /stats, /history and a stored match's sheet show (issue 18): the use cases that
read the stored matches and word them."""

from __future__ import annotations

import html
from dataclasses import dataclass

from engine import find_game, replay
from engine.players import DEFAULT_LEVEL, LEVEL_NAMES
from storage import Store
from storage.interface.records import engine_rules

from .. import i18n
from ..coach.replay import open_data
from ..views import Context, view_for
from ..views.base import BaseView
from ..views.screen import Button, Line, Screen
from . import ratings
from .scores import (
    HISTORY,
    TOP,
    TOP_EACH,
    ScoreError,
    grouped,
    seat_names,
    sheet_data,
    stored_public,
)


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
            buttons.append(Button(f"📋 {index}", sheet_data(story.match.id or 0)))
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
            sheet = BaseView().score_sheet(stored_public(story), ctx)
        if story.facts.status == "stopped":
            sheet = sheet.plus((Line(i18n.t(lang, "history-stopped")),))
        return sheet
