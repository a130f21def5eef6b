"""One entrance, two doors (issue 37): every button kind has one entry in the entrance's table,
and the Telegram handlers and the page's kinds are read from it; the same press made through a
Telegram button and through the page gets the same verdict and leaves the same stored table, or
differs by a named field of the presser, which the test asserts."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import pytest
from telegram.ext import CallbackQueryHandler

from bot.callbacks import Kind, decode, encode
from bot.coach.replay import open_data
from bot.entrance.buttons import BUTTONS, kinds
from bot.entrance.presser import Door
from bot.settings import Settings
from bot.tg.app import build_app
from bot.tg.handlers.presses import presser
from bot.web import auth, scene
from bot.web.server import Web
from storage.memory.store import MemoryStore

from .fake import GROUP, TOKEN, Harness, Sent
from .test_web_replay import finished_first_deal
from .web import client_of, page

ARAM, BOB, ADMIN, NEWCOMER, QUIET = 101, 102, 103, 104, 105


def test_every_button_kind_has_one_entry_and_the_doors_read_the_table() -> None:
    assert set(BUTTONS) == set(Kind), "every kind, and a dict: one entry each"
    app = build_app(Settings(telegram_bot_token=TOKEN), rate_limit=False)
    handlers = [h for h in app.handlers[0] if isinstance(h, CallbackQueryHandler)]
    patterns = {h.pattern.pattern for h in handlers if h.pattern is not None}
    assert patterns == {kind.pattern for kind in kinds(Door.TELEGRAM)}
    assert handlers[-1].pattern is None, "data of no kind: the last handler, an alert"
    assert sorted(kinds(Door.PAGE)) == scene.PAGE_KINDS
    assert all(Door.TELEGRAM in entry.doors for entry in BUTTONS.values())


@dataclass(frozen=True)
class Verdict:
    alert: str | None  # the refusal the presser read, None when the press went through
    table: tuple[Any, ...]  # the stored table: status, seated users, moves, drafts


async def stored(h: Harness, table_id: int) -> tuple[Any, ...]:
    t = await h.runtime.store.tables.by_id(table_id)
    assert t is not None
    return (t.status, [s.user_id for s in t.seats], len(t.log), [s.selection for s in t.seats])


async def through(door: Door, h: Harness, user: int, data: str, under: Sent | None = None
                  ) -> str | None:
    """``user`` presses the button ``data``: under a Telegram message (the group's table
    message unless ``under``), or on their page. Their refusal's text, else None."""
    if door == Door.TELEGRAM:
        answer = await h.press(user, under or h.table_message(), data)
        return str(answer.get("text")) if answer.get("show_alert") else None
    client = await client_of(h)
    try:
        status, body = await (await page(client, user)).press(data)
    finally:
        await client.close()
    await h.idle()
    return None if status == 200 else str(body["alert"])


Case = Callable[[Door, Harness], Awaitable[Verdict]]


async def start_by_an_admin(door: Door, h: Harness) -> Verdict:
    """A chat's admin who did not open the lobby starts it (from the page too: the door once
    said no admin there)."""
    await h.start_private(ARAM)
    await h.start_private(BOB)
    await h.say(ARAM, "/new hearts")
    await h.press(BOB, h.table_message(), h.table_message().button("Միանալ")["callback_data"])
    await h.add_computers(ARAM, 2)
    h.fake.admins.add(ADMIN)
    table_id = decode(h.table_message().button("▶")["callback_data"]).table_id
    alert = await through(door, h, ADMIN, h.table_message().button("▶")["callback_data"])
    return Verdict(alert, await stored(h, table_id))


async def join_by_a_newcomer(door: Door, h: Harness) -> Verdict:
    """Someone who never opened the bot presses Join: seated where their hand can be shown."""
    await h.start_private(ARAM)
    await h.say(ARAM, "/new hearts")
    data = h.table_message().button("Միանալ")["callback_data"]
    alert = await through(door, h, NEWCOMER, data)
    return Verdict(alert, await stored(h, decode(data).table_id))


async def view_and_replay_by_a_restricted_member(door: Door, h: Harness) -> Verdict:
    """A member the chat restricted (who may read it) asks for the sheet and a replay of the
    first deal, from their private chat or the page: membership is asked, and they pass."""
    table_id = await finished_first_deal(h)
    h.fake.restricted.add(QUIET)
    await h.start_private(QUIET)
    private = h.fake.chat(QUIET)[-1]
    alerts = [await through(door, h, QUIET, encode(Kind.SHEET, table_id), private)]
    if door == Door.TELEGRAM:
        alerts.append(await through(door, h, QUIET, open_data("t", table_id, 1), private))
        assert any(m.text.startswith("⏯") for m in h.fake.chat(QUIET))
    else:
        client = await client_of(h)
        try:
            status, body = await (await page(client, QUIET)).replay(f"t{table_id}_1")
            alerts.append(None if status == 200 else body["alert"])
            response = await client.get(f"/api/table/{table_id}", headers=(
                await page(client, QUIET)).headers)
            alerts.append(None if response.status == 200 else str(response.status))
        finally:
            await client.close()
    assert alerts == [None] * len(alerts), alerts
    return Verdict(None, await stored(h, table_id))


async def a_press_for_another_seat(door: Door, h: Harness) -> Verdict:
    """Bob presses a card of Aram's pass (a forged or mistaken press): refused, nothing moves."""
    await h.open_table("hearts", [ARAM, BOB], 2)
    hand = h.hand(ARAM)
    data = next(b["callback_data"] for b in hand.buttons() if b["callback_data"].startswith("t|"))
    alert = await through(door, h, BOB, data, hand)
    return Verdict(alert, await stored(h, decode(data).table_id))


async def a_stale_press(door: Door, h: Harness) -> Verdict:
    """Aram's pass made, a card of the keyboard drawn before it pressed again: stale."""
    await h.open_table("hearts", [ARAM], 3)
    old = h.hand(ARAM)
    data = next(b["callback_data"] for b in old.buttons() if b["callback_data"].startswith("t|"))
    for _ in range(3):
        toggle = next(b["callback_data"] for b in h.hand(ARAM).buttons()
                      if b["callback_data"].startswith("t|") and not b["text"].startswith("✅"))
        await h.press(ARAM, h.hand(ARAM), toggle)
    await h.press(ARAM, h.hand(ARAM), h.hand(ARAM).button("Փոխանցել")["callback_data"])
    alert = await through(door, h, ARAM, data, old)
    return Verdict(alert, await stored(h, decode(data).table_id))


CASES: dict[str, Case] = {
    "start by a non-creator admin": start_by_an_admin,
    "join by someone who never opened the bot": join_by_a_newcomer,
    "view and replay by a restricted member": view_and_replay_by_a_restricted_member,
    "a press for another seat": a_press_for_another_seat,
    "a stale press": a_stale_press,
}


@pytest.mark.parametrize("name", CASES)
async def test_a_press_through_either_door_gets_the_same_verdict(name: str) -> None:
    verdicts = {}
    for door in Door:
        async with Harness(MemoryStore()) as h:  # type: ignore[arg-type]
            verdicts[door] = await CASES[name](door, h)
    telegram, page_ = verdicts[Door.TELEGRAM], verdicts[Door.PAGE]
    if name == "join by someone who never opened the bot":
        # both doors seat a newcomer (issue 43): the page shows the hand on it, Telegram as an
        # ephemeral message in the group they pressed in
        assert telegram == page_ and telegram.alert is None and NEWCOMER in telegram.table[1]
        assert not await hand_on_page(Door.TELEGRAM) and await hand_on_page(Door.PAGE)
        return
    assert telegram == page_
    if name == "start by a non-creator admin":
        assert telegram.alert is None and telegram.table[0] == "playing"
    elif name in ("a press for another seat", "a stale press"):
        assert telegram.alert is not None, "refused through both doors"


async def hand_on_page(door: Door) -> bool:
    """The presser's ``hand_on_page`` as each door makes it."""
    async with Harness(MemoryStore()) as h:  # type: ignore[arg-type]
        if door == Door.TELEGRAM:
            from telegram import User
            who = await presser(h.runtime, User(NEWCOMER, "N", False), GROUP)
        else:
            who = await Web(h.runtime, TOKEN).presser(auth.Viewer(NEWCOMER, "N"))
        return who.hand_on_page
