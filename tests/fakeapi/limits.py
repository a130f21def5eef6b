"""Flood control, modelled on Telegram's published guidance for bots.

Three limits apply to every send or edit (sendMessage, editMessageText,
editMessageReplyMarkup):

* per chat: on average `chat_per_second` messages per second, with bursts of
  up to `chat_burst` (a token bucket);
* per group or supergroup: at most `group_per_minute` in any 60-second window;
* globally: at most `global_per_second` in any 1-second window.

`time_scale` shrinks every window (0.05 turns the minute into 3 s), so tests
need not wait for real minutes. The `retry_after` the client is told is the
real (scaled) number of seconds until the call would succeed, rounded up to an
integer >= 1 because the Bot API only has whole seconds; a client that obeys it
always succeeds on retry, though it may wait a little longer than necessary.
A refused call consumes no quota.
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class FloodEvent:
    """One 429 that was sent."""

    method: str
    chat_id: int | None
    retry_after: int
    limit: str  # "chat", "group" or "global"
    at: float


@dataclass
class _Bucket:
    tokens: float
    updated: float


@dataclass
class FloodLimiter:
    chat_per_second: float = 1.0
    chat_burst: int = 3
    group_per_minute: int = 20
    global_per_second: int = 30
    time_scale: float = 1.0
    clock: Callable[[], float] = time.monotonic
    _buckets: dict[int, _Bucket] = field(default_factory=dict)
    _group_sends: dict[int, deque[float]] = field(default_factory=dict)
    _global_sends: deque[float] = field(default_factory=deque)

    @property
    def second(self) -> float:
        return 1.0 * self.time_scale

    @property
    def minute(self) -> float:
        return 60.0 * self.time_scale

    def acquire(self, chat_id: int, is_group: bool) -> tuple[str, int] | None:
        """Count one send/edit; if a limit is exceeded count nothing and return
        (limit name, retry_after seconds)."""
        now = self.clock()
        waits = {
            "global": self._window_wait(
                self._global_sends, self.global_per_second, self.second, now
            ),
            "chat": self._bucket_wait(chat_id, now),
        }
        if is_group:
            sends = self._group_sends.setdefault(chat_id, deque())
            waits["group"] = self._window_wait(sends, self.group_per_minute, self.minute, now)
        limit, wait = max(waits.items(), key=lambda item: item[1])
        if wait > 0:
            return limit, max(1, math.ceil(wait))
        self._global_sends.append(now)
        if is_group:
            self._group_sends[chat_id].append(now)
        self._buckets[chat_id].tokens -= 1
        return None

    @staticmethod
    def _window_wait(sends: deque[float], limit: int, window: float, now: float) -> float:
        while sends and sends[0] <= now - window:
            sends.popleft()
        if len(sends) < limit:
            return 0.0
        return sends[len(sends) - limit] + window - now

    def _bucket_wait(self, chat_id: int, now: float) -> float:
        rate = self.chat_per_second / self.time_scale  # tokens per real second
        bucket = self._buckets.setdefault(chat_id, _Bucket(float(self.chat_burst), now))
        bucket.tokens = min(float(self.chat_burst), bucket.tokens + (now - bucket.updated) * rate)
        bucket.updated = now
        if bucket.tokens >= 1:
            return 0.0
        return (1 - bucket.tokens) / rate
