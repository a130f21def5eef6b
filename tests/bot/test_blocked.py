"""A player who blocks the bot mid-match gets a computer in their seat at once, and the group is
told; when they start the bot again their seat and their hand come back."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from bot import i18n
from bot.play import turns
from storage import Store, TableKey

from .fake import BOT_ID, GROUP, FakeTelegram, Harness, _user
from .play import actions, until

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
        old = h.hand(user).message_id
        fake.started.add(user)
        await h.feed(_membership(user, "kicked", "member"))
        await h.idle()
        table = await both_stores.tables.seat_of(user)
        assert table is not None and not table.seats[seat].away
        back = i18n.t("hy", "seat-back", name=i18n.isolate(f"User{user}"))
        assert _group_says(fake, back.split("․")[0]) == 1
        _hand_brought_down(fake, h, user, old)
        assert table.seats[seat].hand_message_id == h.hand(user).message_id
        user_record = await both_stores.users.get(user)
        assert user_record is not None and user_record.can_dm


def _hand_brought_down(fake: FakeTelegram, h: Harness, user: int, old: int) -> None:
    """Their hand is a new message, the newest in their chat; the old one says so, no buttons."""
    assert h.hand(user).message_id > old
    assert fake.chat(user)[-1].message_id == h.hand(user).message_id
    closed = fake.messages[(user, old)]
    assert closed.text == i18n.t("hy", "hand-moved") and not closed.markup


async def _blocked(h: Harness, fake: FakeTelegram, store: Store) -> tuple[int, int, int]:
    """A 56 table of four humans; the one to act blocks the bot. (user, seat, hand message)."""
    await h.open_table("fifty_six", HUMANS, 0)
    user = next(u for u in HUMANS if any(d.startswith("a|") for d in actions(h.hand(u))))
    fake.started.discard(user)
    await h.feed(_membership(user, "member", "kicked"))
    table = await store.tables.seat_of(user)
    assert table is not None and table.seats[HUMANS.index(user)].away
    return user, HUMANS.index(user), h.hand(user).message_id


async def test_a_restart_unblocks_and_sends_start_at_once_and_brings_one_hand(
        both_stores: Store) -> None:
    """Telegram's Restart button: my_chat_member (kicked -> member) and /start together; the
    seat comes back once, one new hand message, and no welcome (the hand is the answer)."""
    fake = FakeTelegram()
    async with Harness(both_stores, fake) as h:
        user, seat, old = await _blocked(h, fake, both_stores)
        before = len(fake.chat(user))
        fake.started.add(user)
        await asyncio.gather(h.feed(_membership(user, "kicked", "member")),
                             h.say(user, "/start", chat=user))
        await h.idle()
        _hand_brought_down(fake, h, user, old)
        assert len(fake.chat(user)) == before + 1, [m.text[:40] for m in fake.chat(user)]
        table = await both_stores.tables.seat_of(user)
        assert table is not None and not table.seats[seat].away
        back = i18n.t("hy", "seat-back", name=i18n.isolate(f"User{user}"))
        assert _group_says(fake, back.split("․")[0]) == 1


async def test_a_restart_whose_two_updates_reach_two_workers_brings_one_hand(
        two_stores: tuple[Store, Store]) -> None:
    """Webhooks with several workers: the unblock reaches one, the /start the other. Which of
    them sends the hand anew is claimed in the store (the seat, under the table's lock), so the
    player gets one new hand message, not two. On the coroutine model of a shared store and on
    PostgreSQL (its advisory lock, two pools: two processes in effect)."""
    (store, other), fake = two_stores, FakeTelegram()
    async with Harness(store, fake) as first, Harness(other, fake) as second:
        user, seat, old = await _blocked(first, fake, store)
        before = len(fake.chat(user))
        fake.started.add(user)
        await asyncio.gather(first.feed(_membership(user, "kicked", "member")),
                             second.say(user, "/start", chat=user))
        for worker in (first, second):
            await worker.idle()
        assert len(fake.chat(user)) == before + 1, [m.text[:40] for m in fake.chat(user)]
        table = await store.tables.seat_of(user)
        assert table is not None and not table.seats[seat].away
        assert table.seats[seat].hand_message_id == fake.chat(user)[-1].message_id


async def test_start_alone_brings_the_seat_and_the_hand_back(both_stores: Store) -> None:
    """The unblock update never came (or came long before): /start is enough."""
    fake = FakeTelegram()
    async with Harness(both_stores, fake) as h:
        user, seat, old = await _blocked(h, fake, both_stores)
        before = len(fake.chat(user))
        await h.start_private(user)
        _hand_brought_down(fake, h, user, old)
        assert len(fake.chat(user)) == before + 1, "the hand, and no welcome"
        table = await both_stores.tables.seat_of(user)
        assert table is not None and not table.seats[seat].away and table.deadline is not None


async def test_a_computer_decision_for_a_seat_whose_owner_came_back_is_dropped(
        both_stores: Store) -> None:
    """The seat comes back at once; a computer's move for it, thought before, is not applied:
    it is the owner's turn, with the timer armed, so the table goes on."""
    fake = FakeTelegram()
    async with Harness(both_stores, fake) as h:
        await h.open_table("fifty_six", HUMANS, 0)
        user = next(u for u in HUMANS if any(d.startswith("a|") for d in actions(h.hand(u))))
        tables = h.runtime.tables
        away = await tables.turns.set_away(user)  # the use case alone: no computer is woken
        assert away is not None and away.computers
        table_id = away.table.id or 0
        turn = await tables.turns.computer_turn(table_id)
        assert turn is not None and turn.seat == HUMANS.index(user) and turn.away
        assert await tables.turns.come_back(user) is not None
        assert await tables.turns.computer_move(turn, turn.legal[0]) is None
        table = await tables.kernel.load(table_id)
        assert len(table.log) == turn.move and table.deadline is not None
        assert not table.seats[turn.seat].away


async def test_membership_updates_of_people_without_a_seat_change_nothing(
        both_stores: Store) -> None:
    fake = FakeTelegram()
    async with Harness(both_stores, fake) as h:
        await h.open_table("king", [HUMANS[0]], 3)
        table = await both_stores.tables.seat_of(HUMANS[0])
        assert table is not None
        calls = len(fake.calls)
        for old, new in (("member", "kicked"), ("kicked", "member"), ("member", "member")):
            await h.feed(_membership(999, old, new))
        assert len(fake.calls) == calls, fake.calls[calls:]
        after = await both_stores.tables.by_id(table.id or 0)
        assert after is not None and after.version == table.version


@pytest.mark.slow
async def test_a_table_whose_humans_are_all_away_pauses_then_closes_unrated(
        both_stores: Store, monkeypatch: Any) -> None:
    monkeypatch.setattr(turns, "ABANDON_AFTER", 2)
    fake = FakeTelegram()
    async with Harness(both_stores, fake, turn_seconds=1) as h:
        await h.open_table("king", [HUMANS[0]], 3)
        table = await both_stores.tables.seat_of(HUMANS[0])
        assert table is not None
        table_id = table.id or 0
        async def stopped() -> bool:  # the timer plays three turns, one move a turn, then closes
            stored = await both_stores.tables.by_id(table_id)  # and says so (its outbox sent):
            # the status is saved before the post is queued, and idle() may come between
            return stored is not None and stored.status == "stopped" and not stored.outbox
        await until(stopped)
        await h.idle()
        stored = await both_stores.tables.by_id(table_id)
        assert stored is not None and stored.status == "stopped"
        human_moves = sum(1 for seat, _ in stored.log if seat == 0)
        assert human_moves <= turns.AWAY_AFTER + turns.ABANDON_AFTER + 1
        assert len(stored.log) < 60, "the computers did not play the match out"
        assert _group_says(fake, i18n.t("hy", "table-abandoned")) == 1
        assert stored.outbox == []
        story = await both_stores.scores.story_of_table(table_id)
        assert story is not None and not story.facts.rated, "kept, not rated"
        assert await both_stores.scores.board(GROUP, "king") == [], "not counted"


async def test_two_joins_at_once_seat_a_user_at_one_lobby(both_stores: Store) -> None:
    from bot.play.records import Person, TableError

    fake = FakeTelegram()
    async with Harness(both_stores, fake) as h:
        tables = h.runtime.tables
        first = await tables.lobby.create(TableKey(chat_id=-1), Person(1, "A"), "hearts", True)
        second = await tables.lobby.create(TableKey(chat_id=-2), Person(2, "B"), "hearts", True)
        joins = await asyncio.gather(tables.lobby.join(first.table.id or 0, Person(9, "C")),
                                     tables.lobby.join(second.table.id or 0, Person(9, "C")),
                                     return_exceptions=True)
        assert sum(isinstance(j, TableError) for j in joins) == 1
        seated = [t for t in await both_stores.tables.active()
                  if any(s.user_id == 9 for s in t.seats)]
        assert len(seated) == 1
