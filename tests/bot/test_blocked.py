"""A player who blocks the bot mid-match gets a computer in their seat at once, and the group is
told; when they start the bot again their seat and their hand come back."""

from __future__ import annotations

import time
from typing import Any

from bot import i18n
from storage.base import Store

from .fake import BOT_ID, GROUP, FakeTelegram, Harness, _user
from .play import actions

HUMANS = [101, 102, 103, 104]


def _membership(user: int, old: str, new: str) -> dict[str, Any]:
    bot = {"id": BOT_ID, "is_bot": True, "first_name": "Runtime"}

    def member(status: str) -> dict[str, Any]:
        return {"status": status, "user": bot} | ({"until_date": 0} if status == "kicked" else {})

    return {"my_chat_member": {
        "chat": {"id": user, "type": "private", "first_name": f"User{user}"},
        "from": _user(user), "date": int(time.time()),
        "old_chat_member": member(old), "new_chat_member": member(new)}}


def _group_says(fake: FakeTelegram, text: str) -> int:
    return sum(1 for m in fake.chat(GROUP) if text in m.text)


async def test_blocking_gives_the_seat_to_a_computer_and_starting_again_gives_it_back(
        both_stores: Store) -> None:
    fake = FakeTelegram()
    async with Harness(both_stores, fake) as h:
        await h.open_table("fifty_six", HUMANS, 0)
        user = next(u for u in HUMANS if any(d.startswith("a|") for d in actions(h.hand(u))))
        seat = HUMANS.index(user)
        before = await both_stores.tables.seat_of(user)
        assert before is not None
        fake.started.discard(user)
        await h.feed(_membership(user, "member", "kicked"))
        await h.idle()
        table = await both_stores.tables.seat_of(user)
        assert table is not None and table.seats[seat].away
        assert any(s == seat for s, _ in table.log[len(before.log):]), "a computer moved for them"
        away = i18n.t("hy", "seat-away", name=i18n.isolate(f"User{user}"))
        assert _group_says(fake, away.split("․")[0]) == 1
        edits = fake.messages[(user, h.hand(user).message_id)].edits
        fake.started.add(user)
        await h.feed(_membership(user, "kicked", "member"))
        await h.idle()
        table = await both_stores.tables.seat_of(user)
        assert table is not None and not table.seats[seat].away
        back = i18n.t("hy", "seat-back", name=i18n.isolate(f"User{user}"))
        assert _group_says(fake, back.split("․")[0]) == 1
        assert fake.messages[(user, h.hand(user).message_id)].edits > edits, "their hand again"
        user_record = await both_stores.users.get(user)
        assert user_record is not None and user_record.can_dm
