"""The driver's side of flood control: what a test or bench reads and sets (limits.py counts)."""

from __future__ import annotations

from .limits import EarlyCall, FloodEvent, FloodLimiter, LimitTotals
from .world import Chat, User


class FloodDriver:
    """Mixed into FakeBotApi: `limiter` is None when it was built with flood_limits=False."""

    limiter: FloodLimiter | None

    def _flood(self) -> FloodLimiter:
        if self.limiter is None:
            raise RuntimeError("this FakeBotApi has no flood limits (flood_limits=False)")
        return self.limiter

    @property
    def flood_events(self) -> list[FloodEvent]:
        """Every 429 sent by the flood limiter, with the moment its retry_after ends (`until`)
        and the calls of its budget made before then (`early`). Injected 429s are only in
        `calls`."""
        return [] if self.limiter is None else self.limiter.events

    def early_calls(self) -> list[tuple[FloodEvent, EarlyCall]]:
        """Every send or edit made before the retry_after of a 429 of its budget had passed (to
        that chat, that receiver's lane, or -- after a global 429 -- to any chat)."""
        return [] if self.limiter is None else self.limiter.early_calls()

    @property
    def flood_totals(self) -> dict[str, LimitTotals]:
        """Per limit kind ("chat", "group", "lane", "global"): calls counted, 429s given.
        "global" counts every limited call, with a ceiling or without."""
        return self._flood().totals

    def flood_report(self) -> dict[str, object]:
        """The totals and the number of calls sent early, as plain data."""
        return self._flood().report()

    @property
    def global_ceiling(self) -> int | None:
        """Sends and edits a second the whole bot may make; None: no global ceiling."""
        return self._flood().global_per_second

    def set_global_ceiling(self, per_second: int | None) -> None:
        """Change the global ceiling while the server runs (the bot is not told): 30, 100, or
        None for none. Calls already counted in the last second stay counted."""
        if per_second is not None and per_second < 1:
            raise ValueError("a global ceiling is at least 1 a second (None: no ceiling)")
        self._flood().global_per_second = per_second

    def flood_block(
        self, seconds: float, chat: Chat | int | None = None, *, receiver: User | int | None = None
    ) -> None:
        """Answer 429 to every send or edit of a budget for the next `seconds` (real seconds):
        of the whole bot (chat None), of one chat (and a group's per-minute budget), or of one
        receiver's ephemeral lane in a group (when the ephemeral policy has lanes). retry_after
        is always the time left, rounded up; each refused call is a FloodEvent and the calls
        after the first are its early ones."""
        if chat is None:
            self._flood().block(seconds)
            return
        target = chat if isinstance(chat, Chat) else None
        chat_id = chat.id if isinstance(chat, Chat) else chat
        receiver_id = receiver.id if isinstance(receiver, User) else receiver
        is_group = target.is_group if target is not None else chat_id < 0
        self._flood().block(seconds, chat_id, is_group=is_group, receiver_id=receiver_id)
