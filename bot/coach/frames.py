"""Deals' frames for replays, built off the event loop and kept (issue 42 item 12)."""

from __future__ import annotations

import asyncio

from engine import find_game

from .replay import Deal, Source, deal_frames


def frames(source: Source, number: int) -> Deal:
    """Deal ``number``'s states and moves, replayed from the source's seed and log."""
    return deal_frames(find_game(source.game), source.players, source.seed, source.log,
                       source.rules, number)


class Frames:
    """Deals' frames built off the event loop, each once, and kept for the next steps: a step
    of a replay replays the match up to its deal through the engine (10-30 ms a deal, more for a
    long match) that would hold every table's presses; a finished deal's frames never change.
    Viewers asking meanwhile await the same build."""

    KEPT = 32  # deals kept, the least recently asked going first

    def __init__(self) -> None:
        self._built: dict[tuple[str, int, int, int], asyncio.Future[Deal]] = {}

    async def of(self, source: Source, number: int) -> Deal:
        key = (source.kind, source.ident, source.seed, number)
        build = self._built.pop(key, None)
        if build is None:
            build = asyncio.ensure_future(asyncio.to_thread(frames, source, number))
        self._built[key] = build  # the newest last
        while len(self._built) > self.KEPT:
            del self._built[next(iter(self._built))]
        try:  # shielded: a viewer who leaves does not cancel the build others await
            return await asyncio.shield(build)
        except Exception:
            if self._built.get(key) is build:  # failed: the next viewer builds it again
                del self._built[key]
            raise
