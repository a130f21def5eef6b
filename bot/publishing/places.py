"""Where each human's hand is (issue 43): an ephemeral message in the table's group (only its
player sees it) or a message in their private chat; moving it, asking once where it should be,
and screens for one person sent to them in the group."""

from __future__ import annotations

import time
from typing import Protocol

from storage import TableRecord

from .. import i18n
from ..callbacks import Kind
from ..play.records import Outcome
from ..play.tables import Tables
from ..sending import lanes
from ..sending.queue import Sender, Target
from ..social.people import People
from ..views import Button, Context, Screen


class Publishing(Protocol):
    """What of Publishing (publisher.py) the places use."""

    tables: Tables
    sender: Sender
    people: People

    def context(self, table: TableRecord, lang: str, seat: int | None = None) -> Context: ...

    async def hand(self, outcome: Outcome, seat: int, again: bool = False, fresh: bool = False,
                   hold: float = 0.0, query: str | None = None) -> None: ...

# seconds in which the same ephemeral screen is not sent to the same person again: after that it
# may have expired, and a press asks for it anew
WHISPER_AGAIN = 30.0
FLOOD_CALM = 60.0  # seconds after a group's 429 before another moves hands out again


def hand_target(table: TableRecord, seat: int) -> Target:
    """Where a seat's hand is kept: an ephemeral message to its person in the table's group,
    or their private chat."""
    record = table.seats[seat]
    assert record.user_id is not None
    if record.hand_ephemeral:
        return Target(table.id or 0, seat, table.key.chat_id, table.key.thread_id, record.user_id)
    return Target(table.id or 0, seat, record.user_id)


def place_row(ctx: Context, table: TableRecord, in_group: bool) -> tuple[tuple[Button, ...], ...]:
    """An ephemeral hand's way to the private chat, while the match goes on (a private hand's
    way to the group is the question asked at Join, and /settings)."""
    if not in_group or table.status != "playing":
        return ()
    return ((ctx.button(ctx.t("hand-to-private"), Kind.PLACE, "p"),),)


class Places:
    def __init__(self, publishing: Publishing) -> None:
        self.pub = publishing
        self._whispers: dict[tuple[int, int], tuple[int, float]] = {}  # (group, user): hash, when
        self._flooded: dict[int, float] = {}  # group -> when its hands were last moved out

    def ask(self, table: TableRecord, user_id: int, lang: str, query: str | None) -> None:
        """Asked once, at their first Join in a group, of someone who opened the bot: where
        their hand should be (an ephemeral message only they see)."""
        ctx = self.pub.context(table, lang)
        self.whisper(table.key.chat_id, table.key.thread_id, user_id, Screen.of(
            ctx.t("hand-place-ask")).plus(rows=((
                ctx.button(ctx.t("hand-to-group"), Kind.PLACE, "G"),
                ctx.button(ctx.t("hand-to-private"), Kind.PLACE, "P")),)), query)

    async def move(self, table_id: int, user_id: int, in_group: bool,
                   query: str | None) -> bool:
        """The player's hand moved to the group (answering ``query``) or to their private chat,
        the message it leaves closed (private) or deleted (ephemeral). False: not seated at a
        table in play."""
        table = await self.pub.tables.kernel.load(table_id)
        seats = [i for i, s in enumerate(table.seats) if s.user_id == user_id]
        if not seats:
            return False
        was = hand_target(table, seats[0]), table.seats[seats[0]].hand_message_id
        outcome = await self.pub.tables.admin.place_hand(table_id, seats[0], in_group)
        if outcome is None or outcome.table.status == "lobby":
            return outcome is not None
        await self.pub.hand(outcome, seats[0], fresh=True, query=query if in_group else None)
        if was[1] is not None and was[0] != hand_target(outcome.table, seats[0]):
            self.pub.sender.leave(was[0], was[1], Screen.of(
                i18n.t(await self.pub.people.user_lang(user_id), "hand-moved-away")))
        return True

    async def anew(self, table_id: int, user_id: int, query: str | None = None,
                   in_group: bool = True) -> bool:
        """A player's hand sent anew where it is kept (👀 and /hand): an ephemeral one answering
        the press ``query``; ``in_group``: only an ephemeral one. False: none was sent (not
        seated at a table in play, or their hand is in private and ``in_group``)."""
        outcome = await self.pub.tables.kernel.outcome(table_id)
        seats = [i for i, s in enumerate(outcome.table.seats) if s.user_id == user_id]
        if outcome.table.status != "playing" or not seats \
                or (in_group and not outcome.table.seats[seats[0]].hand_ephemeral):
            return False
        await self.pub.hand(outcome, seats[0], fresh=True, query=query)
        return True

    def refused(self, target: Target) -> None:
        """Telegram refused an ephemeral hand: it goes to the private chat (a player who never
        opened the bot cannot get it there; the turn timer's computer covers them)."""
        async def to_private() -> None:
            outcome = await self.pub.tables.admin.place_hand(target.table_id, target.seat or 0,
                                                         in_group=False)
            if outcome is not None:
                await self.pub.hand(outcome, target.seat or 0)
        self.pub.sender.errand(("private", target.table_id, target.seat), to_private())

    def flooded(self, chat_id: int) -> None:
        """A group's 429: the ephemeral hands there of those who opened the bot go to their
        private chats (their choice stays the group, for their next table), so the group's own
        messages keep their quota; those who cannot be written to keep theirs in the group."""
        now = time.monotonic()
        if now - self._flooded.get(chat_id, -FLOOD_CALM) < FLOOD_CALM:
            return
        self._flooded[chat_id] = now

        async def move() -> None:
            for target in self.pub.sender.receivers(chat_id):
                record = await self.pub.people.store.users.get(target.receiver)
                if record is not None and record.can_dm:
                    await self.move(target.table_id, target.receiver, False, None)
        self.pub.sender.errand(("flooded", chat_id), move())

    def whisper(self, chat_id: int, thread_id: int, user_id: int, screen: Screen,
                query: str | None, in_place: int | None = None) -> None:
        """A screen for one person as an ephemeral message in the group they pressed in (one
        who never opened the bot: their sheet, hint or replay); see lanes.whisper. The same
        screen again within WHISPER_AGAIN seconds is not sent again (a flood of presses)."""
        sent, now = hash(screen), time.monotonic()
        last = self._whispers.get((chat_id, user_id))
        if in_place is None and last is not None and last[0] == sent \
                and now - last[1] < WHISPER_AGAIN:
            return
        self._whispers[(chat_id, user_id)] = (sent, now)
        self.pub.sender.errand(object(), lanes.whisper(self.pub.sender, chat_id, thread_id, user_id,
                                                   screen, query, in_place))
