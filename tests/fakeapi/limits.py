"""Flood control, modelled on what Telegram documents and its developers have said.

What is known, and what the fake does with it:

* Bot FAQ ("My bot is hitting limits"): "In a single chat, avoid sending more than one message
  per second. We may allow short bursts that go over this limit" -> per chat a token bucket,
  `chat_per_second` on average with bursts of up to `chat_burst`;
* Bot FAQ: "your bot will not be able to send more than 20 messages per minute to the same
  group" and tdlib/td #2592 and #3034 (levlam): "the limits for message editing are the same as
  for message sending ... They share the limit" -> per group or supergroup at most
  `group_per_minute` sends *and edits* in any 60-second window;
* Bot FAQ: "If you're sending bulk notifications to multiple users, the API will not allow more
  than 30 messages per second or so", and tdlib/td #3034 (levlam): "There is no global limit on
  the number of sent messages for bots" -> the global ceiling is the bench's to choose: `global_per_second` in any 1-second
  window, or None for no ceiling at all; it may be changed while the server runs;
* tdlib/telegram-bot-api #648 (levlam): "You can call answerCallbackQuery without any limits" ->
  only sends and edits are counted (sendMessage, sendPhoto, editMessageText,
  editMessageReplyMarkup and the ephemeral sends and edits); answerCallbackQuery, getChatMember,
  deletions and the rest never are;
* ephemeral messages (Bot API 10.2): Telegram has not said how they count. `ephemeral` chooses
  (the fake's policy, not Telegram's): "lane" (default) a bucket of their own per (group,
  receiver) at the private-chat pace; "group" counted as messages to the group; "both"; or
  "global" (only the global ceiling). Every policy counts them in the global ceiling.

`time_scale` shrinks every window (0.05 turns the minute into 3 s), so tests need not wait for
real minutes. The `retry_after` the client is told is the real (scaled) number of seconds until
the call would succeed, rounded up to an integer >= 1 because the Bot API only has whole
seconds; a client that obeys it always succeeds on retry, though it may wait a little longer
than necessary. A refused call consumes no quota.

For the benches' judgement every 429 is a `FloodEvent` with the moment its `retry_after` ends
(`until`) and the calls made before that moment which the same limit counts (`early`): to that
chat (or that receiver's lane) for a per-chat, per-group or lane 429, to any chat for a global
one. `totals` counts, per limit kind, the calls it counted and the 429s it gave.
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

LIMIT_KINDS = ("chat", "group", "lane", "global")
EPHEMERAL_POLICIES = ("lane", "group", "both", "global")

# A budget a call is counted in: ("chat", chat id, None), ("group", chat id, None),
# ("lane", chat id, receiver id) or ("global", None, None).
Budget = tuple[str, int | None, int | None]
GLOBAL: Budget = ("global", None, None)


@dataclass(frozen=True)
class EarlyCall:
    """A call made before the `retry_after` of an earlier 429 of the same budget had passed."""

    method: str
    chat_id: int
    receiver_id: int | None  # the receiver of an ephemeral send or edit
    call: int  # the limiter's count of calls when it came: one call may be early for several 429s
    at: float  # the clock's time when it arrived
    early_by: float  # seconds before the 429's retry_after ended
    refused: bool  # it was answered with a 429 itself


@dataclass(eq=False)
class FloodEvent:
    """One 429 that was sent, and what the bot did before its retry_after had passed."""

    method: str
    chat_id: int | None
    retry_after: int
    limit: str  # "chat", "group", "lane" or "global"
    at: float
    receiver_id: int | None = None  # for a "lane" 429: the receiver of that group's lane
    early: list[EarlyCall] = field(default_factory=list)

    @property
    def until(self) -> float:
        """When this 429's retry_after ends: a call of its budget before then is early."""
        return self.at + self.retry_after

    @property
    def budget(self) -> Budget:
        if self.limit == "global":
            return GLOBAL
        return (self.limit, self.chat_id, self.receiver_id if self.limit == "lane" else None)


@dataclass
class LimitTotals:
    calls: int = 0  # calls this kind of limit counted (allowed or refused)
    refused: int = 0  # 429s this kind of limit gave


@dataclass
class _Bucket:
    tokens: float
    updated: float


@dataclass
class FloodLimiter:
    chat_per_second: float = 1.0
    chat_burst: int = 3
    group_per_minute: int = 20
    global_per_second: int | None = 30  # None: no global ceiling
    time_scale: float = 1.0
    clock: Callable[[], float] = time.monotonic
    ephemeral: str = "lane"  # see EPHEMERAL_POLICIES
    events: list[FloodEvent] = field(default_factory=list)
    totals: dict[str, LimitTotals] = field(
        default_factory=lambda: {kind: LimitTotals() for kind in LIMIT_KINDS})
    _buckets: dict[Budget, _Bucket] = field(default_factory=dict)
    _group_sends: dict[Budget, deque[float]] = field(default_factory=dict)
    _global_sends: deque[float] = field(default_factory=deque)
    _blocks: dict[Budget, float] = field(default_factory=dict)  # imposed by block()
    _open: list[FloodEvent] = field(default_factory=list)  # events whose retry_after runs
    _calls: int = 0  # calls counted so far (the EarlyCall.call of the next)

    def __post_init__(self) -> None:
        if self.ephemeral not in EPHEMERAL_POLICIES:
            raise ValueError(f"ephemeral flood policy must be one of {EPHEMERAL_POLICIES}")

    @property
    def second(self) -> float:
        return 1.0 * self.time_scale

    @property
    def minute(self) -> float:
        return 60.0 * self.time_scale

    # ---------------------------------------------------------------- counting a call

    def acquire(
        self, chat_id: int, is_group: bool, *, method: str = "", receiver_id: int | None = None
    ) -> tuple[str, int] | None:
        """Count one send/edit (an ephemeral one when receiver_id is given); if a limit is
        exceeded count nothing, record the 429 and return (limit name, retry_after seconds)."""
        now = self.clock()
        self._calls += 1
        budgets = self.budgets(chat_id, is_group, receiver_id)
        waits = {kind: self._wait(budget, now) for kind, budget in budgets.items()}
        limit, wait = max(waits.items(), key=lambda item: item[1])
        refused = wait > 0
        self._note_early(method, chat_id, receiver_id, budgets, now, refused)
        for kind in budgets:
            self.totals[kind].calls += 1
        if refused:
            return self._refuse(method, chat_id, receiver_id, limit, wait, now)
        for budget in budgets.values():
            self._take(budget, now)
        return None

    def budgets(self, chat_id: int, is_group: bool, receiver_id: int | None) -> dict[str, Budget]:
        """The budgets (by limit kind) one send or edit is counted in."""
        budgets: dict[str, Budget] = {"global": GLOBAL}  # with no ceiling, only block() binds
        if receiver_id is None or self.ephemeral in ("group", "both"):
            budgets["chat"] = ("chat", chat_id, None)
            if is_group:
                budgets["group"] = ("group", chat_id, None)
        if receiver_id is not None and self.ephemeral in ("lane", "both"):
            budgets["lane"] = ("lane", chat_id, receiver_id)
        return budgets

    def _wait(self, budget: Budget, now: float) -> float:
        """Seconds until this budget would take one more call."""
        blocked = max(0.0, self._blocks.get(budget, now) - now)
        if budget[0] == "global":
            ceiling = self.global_per_second
            own = (0.0 if ceiling is None
                   else self._window_wait(self._global_sends, ceiling, self.second, now))
        elif budget[0] == "group":
            sends = self._group_sends.setdefault(budget, deque())
            own = self._window_wait(sends, self.group_per_minute, self.minute, now)
        else:  # "chat" or "lane": a token bucket at the private-chat pace
            own = self._bucket_wait(budget, now)
        return max(blocked, own)

    def _take(self, budget: Budget, now: float) -> None:
        if budget[0] == "global":  # counted with no ceiling too, for a ceiling set later
            sends = self._global_sends
            while sends and sends[0] <= now - self.second:
                sends.popleft()
            sends.append(now)
        elif budget[0] == "group":
            self._group_sends[budget].append(now)
        else:
            self._buckets[budget].tokens -= 1

    def _refuse(
        self, method: str, chat_id: int, receiver_id: int | None, limit: str, wait: float,
        now: float,
    ) -> tuple[str, int]:
        retry_after = max(1, math.ceil(wait))
        self.totals[limit].refused += 1
        event = FloodEvent(method, chat_id, retry_after, limit, now,
                           receiver_id if limit == "lane" else None)
        self.events.append(event)
        self._open.append(event)
        return limit, retry_after

    # ---------------------------------------------------------------- sent early

    def _note_early(
        self, method: str, chat_id: int, receiver_id: int | None, budgets: dict[str, Budget],
        now: float, refused: bool,
    ) -> None:
        """Record this call on every 429 of one of its budgets whose retry_after still runs."""
        self._open = [event for event in self._open if event.until > now]
        counted = set(budgets.values())
        for event in self._open:
            if event.budget in counted:
                event.early.append(EarlyCall(method, chat_id, receiver_id, self._calls, now,
                                             event.until - now, refused))

    def early_calls(self) -> list[tuple[FloodEvent, EarlyCall]]:
        """Every call made before the retry_after of a 429 of its budget had passed, with that
        429 (a call early for several 429s appears once with each)."""
        return [(event, call) for event in self.events for call in event.early]

    # ---------------------------------------------------------------- driving it

    def block(self, seconds: float, chat_id: int | None = None, *, is_group: bool = False,
              receiver_id: int | None = None) -> None:
        """Refuse every call of a budget for `seconds` (real seconds, not scaled): the whole
        bot (chat_id None), one chat (a group's per-minute budget too), or one receiver's
        ephemeral lane in a group. Each call refused meanwhile is a 429 like any other."""
        until = self.clock() + seconds
        if chat_id is None:
            self._blocks[GLOBAL] = until
        elif receiver_id is not None:
            self._blocks[("lane", chat_id, receiver_id)] = until
        else:
            self._blocks[("chat", chat_id, None)] = until
            if is_group:
                self._blocks[("group", chat_id, None)] = until

    def report(self) -> dict[str, object]:
        """The totals as plain data (for a bench to print or a test to compare)."""
        early = self.early_calls()
        return {
            "limited_calls": self._calls,
            "global_per_second": self.global_per_second,
            "ephemeral": self.ephemeral,
            "calls": {kind: t.calls for kind, t in self.totals.items()},
            "refused": {kind: t.refused for kind, t in self.totals.items()},
            "flood_events": len(self.events),
            "sent_early": len({call.call for _, call in early}),  # distinct calls
            "sent_early_by_limit": {
                kind: len({call.call for event, call in early if event.limit == kind})
                for kind in LIMIT_KINDS
            },
        }

    # ---------------------------------------------------------------- the windows

    @staticmethod
    def _window_wait(sends: deque[float], limit: int, window: float, now: float) -> float:
        while sends and sends[0] <= now - window:
            sends.popleft()
        if len(sends) < limit:
            return 0.0
        return sends[len(sends) - limit] + window - now

    def _bucket_wait(self, budget: Budget, now: float) -> float:
        rate = self.chat_per_second / self.time_scale  # tokens per real second
        bucket = self._buckets.setdefault(budget, _Bucket(float(self.chat_burst), now))
        bucket.tokens = min(float(self.chat_burst), bucket.tokens + (now - bucket.updated) * rate)
        bucket.updated = now
        if bucket.tokens >= 1:
            return 0.0
        return (1 - bucket.tokens) / rate
