"""End to end (issue 27): a tournament of eight humans over three rounds of Hearts to 50, two
tables at once in one group, against the fake Bot API server, with the bot SIGKILLed and started
again at random moments (as in test_e2e_crashes). Every round is played once, no table is lost
or made twice, every match is written, and the final table is the sum of the rounds' points,
which are the stored matches' places. The run prints its figures."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot import i18n
from bot.social import pairing
from tests.fakeapi import FakeBotApi

from .test_e2e import WAIT, bot_process, choose, fake_api, hand_message

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

KILLS = 6
AGAIN = 3.0  # a hand that has not changed this long after a press may be pressed again
FINAL = i18n.t("hy", "tournament-final", game=i18n.t("hy", "game-hearts"))


def stored(database: Path) -> tuple[dict[str, Any], list[sqlite3.Row], dict[int, list[sqlite3.Row]]]:
    """The tournament's record, its tables and each table's stored results, from the file."""
    with sqlite3.connect(database) as conn:
        conn.row_factory = sqlite3.Row
        record = json.loads(conn.execute("SELECT record FROM tournaments").fetchone()[0])
        tables = conn.execute("SELECT id, status, slot, tour_round FROM tables"
                              " WHERE tournament_id IS NOT NULL ORDER BY id").fetchall()
        results = {t["id"]: conn.execute(
            "SELECT r.user_id, r.place FROM match_results r JOIN match_facts f"
            " ON f.match_id = r.match_id WHERE f.table_id = ? ORDER BY r.seat",
            (t["id"],)).fetchall() for t in tables}
    return record, tables, results


class Players:
    """Eight humans pressing whatever their hands offer (``pick``: which of it), none pressing
    the same screen twice unless it stays unchanged for a while (a kill between a press and
    its redraw)."""

    def __init__(self, api: FakeBotApi, users: list[Any],
                 pick: Callable[[Any], str | None] | None = None) -> None:
        self.api = api
        self.users = users
        self.pick = pick or (lambda hand: choose(hand.callback_data, hand))
        self.seen: dict[int, tuple[int, int, float]] = {}
        self.presses = 0

    async def until(self, over: Any) -> None:
        while not over():
            await self.round_of_presses()

    async def round_of_presses(self) -> int:
        pressed = 0
        for user in self.users:
            hand = hand_message(self.api, user.id)
            data = hand and self.pick(hand)
            if not data:
                continue
            state = (hand.message_id, hand.edit_count)
            last = self.seen.get(user.id)
            if last and last[:2] == state and time.monotonic() - last[2] < AGAIN:
                continue
            self.seen[user.id] = (*state, time.monotonic())
            await self.api.user_presses(user, user.id, hand.message_id, data)
            pressed += 1
        self.presses += pressed
        if not pressed:
            await asyncio.sleep(0.05)
        return pressed

    async def then_kill(self, process: Any, over: Any, rng: random.Random, budget: int) -> bool:
        """Press ``budget`` times (or until ``over``), then SIGKILL the bot anywhere from saving
        to drawing; False when the match was over first and nothing was killed."""
        while budget > 0 and not over():
            budget -= await self.round_of_presses()
        if over():
            return False
        await asyncio.sleep(rng.random() * 0.3)
        process.kill()
        await process.wait()
        return True


def eight_in_a_group(api: FakeBotApi, final: str) -> tuple[list[Any], Any, Callable[[], bool]]:
    """Eight players in a group (the first its creator), and whether a post starting with
    ``final`` is out there."""
    users = [api.add_user(f"Խաղացող{i}", language_code="hy") for i in range(1, 9)]
    group = api.add_group("Մրցաշար", members=users[1:], creator=users[0])
    return users, group, lambda: any(m.text.startswith(final) for m in api.bot_messages(group))


async def test_eight_humans_three_rounds_of_hearts_killed_at_random(tmp_path: Path) -> None:
    rng = random.Random("tournament-kills")
    database, log = tmp_path / "db.sqlite3", tmp_path / "bot.log"
    started = time.monotonic()
    async with fake_api() as api:
        users, group, over = eight_in_a_group(api, FINAL)
        kills, restarts = 0, 0
        players = Players(api, users)
        while not over():
            async with bot_process(api, database, log) as process:
                if restarts == 0:
                    await sign_up(api, group, users)
                restarts += 1
                if kills == KILLS:  # the rest of the tournament in peace
                    await asyncio.wait_for(players.until(over), timeout=1800)
                    break
                if not await players.then_kill(process, over, rng, rng.randint(20, 150)):
                    break
                kills += 1
        record, tables, results = stored(database)
    took = time.monotonic() - started
    assert record["status"] == "finished" and record["outbox"] == []
    assert [len(r) for r in record["tables"]] == [2, 2, 2] and len(record["points"]) == 3
    assert sorted((t["tour_round"], t["slot"]) for t in tables) == [
        (r, b) for r in (1, 2, 3) for b in (1, 2)], "every round once, no table lost or doubled"
    assert all(t["status"] == "finished" for t in tables)
    lost = [t["id"] for t in tables if not results[t["id"]]]
    assert lost == [], "every match written"
    for number, ids in enumerate(record["tables"]):
        expected: dict[int, int] = {}
        for board, table_id in enumerate(ids):
            seats = record["seating"][number][board]
            assert [r["user_id"] for r in results[table_id]] == seats
            expected |= pairing.round_points([r["place"] for r in results[table_id]], seats)
        assert {int(k): v for k, v in record["points"][number].items()} == expected
    totals = pairing.totals([{int(k): v for k, v in p.items()} for p in record["points"]])
    finals = [m.text for m in api.bot_messages(group) if m.text.startswith(FINAL)]
    assert len(finals) == 1, finals
    for user in users:
        rounds = " + ".join(str(p[str(user.id)]) for p in record["points"])
        assert f"{user.first_name}\u2069 — {totals[user.id]} ({rounds})" in finals[0]
    print(f"\ntournament: {len(tables)} tables, {len(record['points'])} rounds, "
          f"{kills} kills survived ({restarts} starts), {players.presses} presses, "
          f"matches lost: {len(lost)}, {took:.0f} s")


async def sign_up(api: FakeBotApi, group: Any, users: list[Any], game: str = "hearts",
                  options: tuple[str, ...] = ("🎯",)) -> None:
    """Everyone starts the bot; the group's creator opens the tournament of ``game`` and
    presses its ``options`` (Hearts to 50); all eight sign up; it starts now."""
    for user in users:
        await api.user_starts_private(user)
        await api.wait_for_bot_message(user.id, timeout=WAIT)
    said = await api.user_sends(users[0], group, f"/tournament {game}")
    signup = await api.wait_for_bot_message(group, after=said.message_id, timeout=WAIT)

    async def press(user: Any, prefix: str) -> None:
        message = next(m for m in api.messages(group) if m.message_id == signup.message_id)
        data = next(b["callback_data"] for b in message.buttons if b["text"].startswith(prefix))
        edits = message.edit_count
        answer = await api.callback_answer(
            await api.user_presses(user, group, signup.message_id, data), timeout=WAIT)
        assert not answer.show_alert, answer.text
        await api.wait_for(lambda: next(m for m in api.messages(group)
                                        if m.message_id == signup.message_id).edit_count > edits,
                           timeout=WAIT)

    for user in users:
        await press(user, "✅")
    for option in options:
        await press(users[0], option)
    await press(users[0], "▶")
