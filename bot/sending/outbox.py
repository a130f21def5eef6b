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
tournament), the event one post in it. A pass that read the store before a post's mark was saved
must not send it again, however late it comes: each read of what is owed is numbered
(``reading``, before the read), each mark notes the last number read before it was saved, and a
post is sent only by a pass whose read came after (issue 42 item 8: a stale read, forgiven by
a fresher read's settle, sent a deal's result twice with no kill between).
"""

from __future__ import annotations

import math
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


MARK_KEPT = 3600.0


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
        self._sent: set[tuple[G, E]] = set()  # got there; its mark not saved (or it failed)
        self._reads = 0  # reads of what the store owes begun so far (``reading``)
        # marked in the store: (the last read begun before the mark was saved, when)
        self._marked: dict[tuple[G, E], tuple[int, float]] = {}
        self._resting: dict[tuple[G, E], float] = {}  # -> when it may be tried again

    def reading(self) -> int:
        """Call before reading what the store owes; give the number to ``post``."""
        self._reads += 1
        return self._reads

    async def post(self, group: G, events: Sequence[E], send: Send[E],
                   since: int | None = None) -> int:
        """Send, in order, the posts of ``events`` (what the caller can render) that are owed
        and not yet on their way; how many were queued. ``since``: the number of the read
        ``events`` came from (``reading``); none: the claim reads the store afresh now."""
        since = self.reading() if since is None else since
        now = self.clock()
        if not (free := [e for e in events if self._free(group, e, now, since)]):
            return 0
        owed = free if self.claim is None else await self.claim(group, free, now)
        if owed is None:
            return 0  # another worker sends them; if it dies, its lease runs out
        queued = 0
        for event in events:  # in order; one the store has that the caller lacks waits
            if event not in owed or not self._free(group, event, now, since):
                continue  # sent already, queued, resting, or no longer owed
            self._queued.add((group, event))
            await send(event, partial(self._done, group, event))
            queued += 1
        if self.release is not None and not self.busy(group):  # nothing left to send here
            await self.release(group)
        return queued

    def busy(self, group: G) -> bool:
        """Whether any post of the group is queued here."""
        return any(k[0] == group for k in self._queued)

    def groups(self) -> set[G]:
        """The groups with posts queued here (their leases to be kept)."""
        return {k[0] for k in self._queued}

    def _free(self, group: G, event: E, now: float, since: int) -> bool:
        key = (group, event)
        return key not in self._queued and key not in self._sent \
            and self._resting.get(key, 0.0) <= now \
            and self._marked.get(key, (-math.inf, 0.0))[0] < since  # read after its mark

    def _remember_marked(self, key: tuple[G, E]) -> None:
        """A mark saved: reads begun until now may still list the post. Kept MARK_KEPT seconds:
        no read is that late."""
        now = self.clock()
        self._marked[key] = (self._reads, now)
        while (oldest := next(iter(self._marked.items()), None)) and \
                oldest[1][1] < now - MARK_KEPT:
            del self._marked[oldest[0]]

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
            self._sent.discard(key)
            self._remember_marked(key)
        if not self.busy(group):  # this worker has sent its share
            if self.release is not None:
                await self.release(group)
            if sent and self.again is not None:
                await self.again(group)
