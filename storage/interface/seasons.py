"""What a chat's seasons need from the store (issue 27): the rated matches of a span of time,
the chats that played in one, and which season-end posts went out.

A season's end owes the chat one post per game played in it. Like a table's outbox, a post is
claimed by one worker for a few seconds (``claim``), sent, then marked ``posted``: a worker that
dies mid-send leaves the claim to run out and the next one sends it; a post marked is never
claimed again.
"""

from __future__ import annotations

from typing import Protocol

from .scores import Story


class Seasons(Protocol):
    async def stories(self, chat_id: int, since: float, until: float) -> list[Story]:
        """The chat's rated, finished matches with ``since <= finished_at < until``, in the
        order they finished."""
        ...

    async def chats(self, since: float, until: float) -> list[int]:
        """The chats with a rated, finished match in ``[since, until)``, ascending."""
        ...

    async def posted(self, chat_id: int, season: str) -> list[str]:
        """The games whose end post of ``season`` ('2026-11') went out in the chat."""
        ...

    async def claim(self, chat_id: int, season: str, game: str, worker: str, now: float,
                    seconds: float) -> bool:
        """Take (or keep) the right to send a season's end post for ``seconds``: False once it
        is posted, or while another worker's claim runs."""
        ...

    async def mark_posted(self, chat_id: int, season: str, game: str, now: float) -> None:
        """The post reached the chat: never claimed again."""
        ...
