"""Leak audit of the page: over whole matches of every game at every size (test_leaks' cases and
players), every scene the page's server would send after each publish, to each seat's player and
to a spectator, is checked against the hands hidden from that viewer in the state it was built
from: the text lines, the buttons, and every card code anywhere in the JSON. Each of the first
deals finished while the match goes on is replayed on the page (issue 26) for every seat and a
spectator, and each of its frames is checked the same way (``frame_leaks``): its caption against
the state its move was made in, the cards that move laid on the table (the deal's last one too)
public."""

from __future__ import annotations

import dataclasses
import random
import re
from collections import Counter
from typing import Any

import pytest

from bot.coach.replay import deal_frames
from bot.coach.replays import load_source
from bot.runtime import Runtime
from bot.views import Context
from bot.web import scene
from bot.web.replay import deal_payload
from engine import find_game
from engine.cards import parse_card
from storage.memory.store import MemoryStore

from .fake import GROUP, Harness
from .test_leaks import CASES, faces, frame_leaks, leaked, play_out
from .test_leaks import OPTIONS as LEAKS_OPTIONS

pytestmark = pytest.mark.slow

REPLAYED_DEALS = 3  # a match's first deals replayed for every viewer (each costs ~50 ms a viewer)
# Thirteen in three games, so that a game ends while the match goes on (a replay's case); 56 at
# 6 tables a team as in test_leaks (at 12, 20 s a case at 6 or 8 seats on a loaded machine)
OPTIONS = {**LEAKS_OPTIONS, "thirteen": ("🎮",)}
CODE = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][CDHS])(?![A-Za-z0-9])")


def shown(data: dict[str, Any]) -> Counter[str]:
    """Card faces a scene shows: in its screens' lines and button labels, in a replay's caption,
    and as codes anywhere."""
    screens = [s for s in (data.get("board"), data.get("hand")) if s]
    texts = [*(line["text"] for s in screens for line in s["lines"]),
             *(b["text"] for s in screens for row in s["buttons"] for b in row),
             data.get("caption", "")]
    seen: Counter[str] = Counter()
    for text in texts:
        seen |= faces(text)
    codes = Counter(parse_card(c).symbol for text in strings(data) for c in CODE.findall(text))
    return seen | codes


def strings(value: Any, key: str = "") -> list[str]:
    """Every string in a JSON value but King's contract codes ('KH' is a contract, not K♥)."""
    if isinstance(value, str):
        return [] if key in ("contract", "contracts") else [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in strings(v, k)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v, key)]
    return []


@pytest.mark.parametrize(("game", "humans", "computers", "seed"), CASES)
async def test_no_scene_shows_a_hidden_card(monkeypatch: pytest.MonkeyPatch, game: str,
                                            humans: int, computers: int, seed: int) -> None:
    checked, leaks, replayed = [0], [], [0]
    publish = Runtime.publish

    async def audited(runtime: Runtime, outcome: Any, *args: Any, **kwargs: Any) -> None:
        await publish(runtime, outcome, *args, **kwargs)
        table, state = outcome.table, outcome.state
        if state is None or table.status not in ("playing", "finished"):
            return
        for seat in [None, *range(len(table.seats))]:
            ctx = runtime.publishing.context(table, "hy", seat)
            data = scene.build(table, state, seat, ctx)
            checked[0] += 1
            if bad := leaked(table.game, state, seat, shown(data)):
                leaks.append(f"{'spectator' if seat is None else f'seat {seat}'}: {bad}")
        done = len(find_game(table.game).public_observation(state).history)
        if table.status == "playing" and replayed[0] < done <= REPLAYED_DEALS:
            replayed[0] = done
            leaks.extend(await replay_leaks(runtime, table.id, done))
    monkeypatch.setattr(Runtime, "publish", audited)
    rng = random.Random(seed)
    users = list(range(101, 101 + humans))
    async with Harness(MemoryStore(), table_seed=seed) as h:  # type: ignore[arg-type]
        await h.open_table(game, users, computers, level="Միջին", options=OPTIONS.get(game, ()))
        await play_out(h, users, rng)
        assert any("🏆" in m.text for m in h.fake.chat(GROUP))
    assert checked[0] > 50 and replayed[0] >= 1
    assert not leaks, leaks[:3]


async def replay_leaks(runtime: Runtime, table_id: int, number: int) -> list[str]:
    """Deal ``number``, just finished, replayed on the page for each seat and a spectator while
    the match goes on: every frame against the state of its step."""
    spectator, _ = await load_source(runtime, "t", table_id, 0, "hy")
    assert not spectator.face_up and spectator.seat is None
    game = find_game(spectator.game)
    deal = deal_frames(game, spectator.players, spectator.seed, spectator.log, spectator.rules,
                       number)
    found = []
    for seat in [None, *range(spectator.players)]:
        source = dataclasses.replace(spectator, seat=seat)
        data = deal_payload(source, deal, Context("hy", 0, 0, source.names, source.game))
        for frame in data["frames"]:
            step = frame["step"]
            if bad := frame_leaks(source.game, deal, step, seat, shown(frame | {"caption": ""}),
                                  shown({"caption": frame["caption"]})):
                found.append(f"replay of deal {number} step {step}, "
                             f"{'spectator' if seat is None else f'seat {seat}'}: {bad}")
    return found
