"""Leak audit of the page: over whole matches of every game at every size (test_leaks' cases and
players), every scene the page's server would send after each publish, to each seat's player and
to a spectator, is checked against the hands hidden from that viewer in the state it was built
from: the text lines, the buttons, and every card code anywhere in the JSON."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest

from bot.runtime import Runtime
from bot.web import scene
from engine.cards import parse_card
from storage.memory import MemoryStore

from .fake import GROUP, Harness
from .test_leaks import CASES, choose, faces, leaked

pytestmark = pytest.mark.slow

CODE = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][CDHS])(?![A-Za-z0-9])")


def shown(data: dict[str, Any]) -> Counter[str]:
    """Card faces a scene shows: in its lines and button labels, and as codes anywhere."""
    texts = [*data.get("lines", []), *data.get("hand_lines", []),
             *(b["text"] for row in data.get("buttons", []) for b in row)]
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
    checked, leaks = [0], []
    publish = Runtime.publish

    async def audited(runtime: Runtime, outcome: Any, *args: Any, **kwargs: Any) -> None:
        await publish(runtime, outcome, *args, **kwargs)
        table, state = outcome.table, outcome.state
        if state is None or table.status not in ("playing", "finished"):
            return
        for seat in [None, *range(len(table.seats))]:
            ctx = runtime.publishing.context(table, "hy", seat)
            data = scene.build(runtime.service, table, state, seat, ctx)
            checked[0] += 1
            if bad := leaked(table.game, state, seat, shown(data)):
                leaks.append(f"{'spectator' if seat is None else f'seat {seat}'}: {bad}")
    monkeypatch.setattr(Runtime, "publish", audited)
    rng = random.Random(seed)
    users = list(range(101, 101 + humans))
    async with Harness(MemoryStore(), table_seed=seed) as h:  # type: ignore[arg-type]
        await h.open_table(game, users, computers, level="Միջին")
        for _ in range(3000):
            table = await h.runtime.store.tables.seat_of(users[0])
            if table is None or table.status != "playing":
                break
            for user in users:
                data = choose(h, user, rng)
                if data is not None:
                    await h.press(user, h.hand(user), data)
        else:
            raise AssertionError("the match did not end")
        assert any("🏆" in m.text for m in h.fake.chat(GROUP))
    assert checked[0] > 50
    assert not leaks, leaks[:3]
