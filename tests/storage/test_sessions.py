"""A person's page sessions' generation (issue 42 item 4), on every backend: 0 until revoked,
each revoke the next, per person, and kept across a reopen of the file."""

from __future__ import annotations

from pathlib import Path

from storage import Store
from tests.storage.conftest import OpenFile


async def test_a_revoke_is_the_next_generation_per_person(store: Store) -> None:
    assert await store.sessions.generation(5) == 0
    assert await store.sessions.revoke(5) == 1
    assert await store.sessions.revoke(5) == 2
    assert await store.sessions.generation(5) == 2
    assert await store.sessions.generation(6) == 0


async def test_generations_outlive_a_restart(tmp_path: Path, open_file: OpenFile) -> None:
    first = await open_file(tmp_path / "db")
    await first.sessions.revoke(7)
    await first.close()
    again = await open_file(tmp_path / "db")
    assert await again.sessions.generation(7) == 1
