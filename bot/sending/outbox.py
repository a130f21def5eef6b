"""Posts owed to a chat, each sent once: the deal and match results a table owes, a season's end
posts, a tournament's end. The store keeps what is owed (it lives through a restart); this
worker's side is here, one shape for all three:

- claim: a pass sends only what the store still owes and this worker may send (a lease or a claim
  in the store where several workers share it: another worker holds it, or a dead one's runs out);
- render and send: each post queued to the Sender once, in order, told whether it got there;
- mark: a post the Sender says got there (a text post to a group that kicked the bot counts:
  nothing is owed there) is marked sent in the store, then never sent again; one that did not
  stays owed, for the next pass (after ``rest`` seconds where asked).

A post is ``(group, event)``: the group is what a pass covers (a table, a chat's season, a
tournament), the event one post in it. A post sent stays known as sent until a read of the store
no longer lists it (``settle``): a pass that read the store before the mark was saved must not
send it again.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Collection, Hashable, Sequence
from functools import partial
from typing import Generic, TypeVar

from .calls import Done

G = TypeVar("G", bound=Hashable)
E = TypeVar("E", bound=Hashable)

# (group, events not yet on their way, now) -> those the store still owes that this worker may
# send now; None while another worker holds the group
Claim = Callable[[G, Sequence[E], float], Awaitable[Collection[E] | None]]
Send = Callable[[E, Done], Awaitable[None]]  # render the post and queue it, telling ``done``


class Outbox(Generic[G, E]):
    """This worker's owed posts: queued, sent but not yet marked, or resting after a failure."""

    def __init__(self, mark: Callable[[G, E], Awaitable[None]],
                 claim: Claim[G, E] | None = None,
                 release: Callable[[G], Awaitable[None]] | None = None,
                 again: Callable[[G], Awaitable[None]] | None = None,
                 rest: float = 0.0, clock: Callable[[], float] = time.time) -> None:
        self.mark = mark  # the store: this post is owed no more
        self.claim = claim  # None: one worker alone decides (the caller's own rule)
        self.release = release  # the group's lease given back once none of it is queued
        self.again = again  # a post got there and the group is idle: what came meanwhile
        self.rest = rest  # seconds a post that did not get there waits before it is tried again
        self.clock = clock
        self._queued: set[tuple[G, E]] = set()
        self._sent: set[tuple[G, E]] = set()  # got there; the store may still list it
        self._resting: dict[tuple[G, E], float] = {}  # -> when it may be tried again

    async def post(self, group: G, events: Sequence[E], send: Send[E]) -> int:
        """Send, in order, the posts of ``events`` (what the caller can render) that are owed
        and not yet on their way; how many were queued."""
        now = self.clock()
        if not (free := [e for e in events if self._free(group, e, now)]):
            return 0
        owed = free if self.claim is None else await self.claim(group, free, now)
        if owed is None:
            return 0  # another worker sends them; if it dies, its lease runs out
        queued = 0
        for event in events:  # in order; one the store has that the caller lacks waits
            if event not in owed or not self._free(group, event, now):
                continue  # sent already, queued, resting, or no longer owed
            self._queued.add((group, event))
            await send(event, partial(self._done, group, event))
            queued += 1
        if self.release is not None and not self.busy(group):  # nothing left to send here
            await self.release(group)
        return queued

    def settle(self, group: G, owed: Collection[E]) -> None:
        """The store's list of what ``group`` still owes, as just read: the posts this worker
        sent that it no longer lists are marked there, and forgotten here."""
        self._sent -= {k for k in self._sent if k[0] == group and k[1] not in owed}

    def busy(self, group: G) -> bool:
        """Whether any post of the group is queued here."""
        return any(k[0] == group for k in self._queued)

    def groups(self) -> set[G]:
        """The groups with posts queued here (their leases to be kept)."""
        return {k[0] for k in self._queued}

    def _free(self, group: G, event: E, now: float) -> bool:
        key = (group, event)
        return key not in self._queued and key not in self._sent \
            and self._resting.get(key, 0.0) <= now

    async def _done(self, group: G, event: E, sent: bool) -> None:
        key = (group, event)
        if sent:
            self._sent.add(key)  # before the mark: a pass meanwhile must not send it again
        elif self.rest:
            self._resting[key] = self.clock() + self.rest
        self._queued.discard(key)
        if sent:
            self._resting.pop(key, None)
            await self.mark(group, event)
        if not self.busy(group):  # this worker has sent its share
            if self.release is not None:
                await self.release(group)
            if sent and self.again is not None:
                await self.again(group)
