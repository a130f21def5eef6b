"""Kill a writer with SIGKILL at a random moment: every action it reported committed is still
there, nothing half-written is, and the file passes ``PRAGMA integrity_check``."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.storage.conftest import OpenFile
from tests.storage.crash_child import TABLES
from tests.storage.fake_game import moves

ROOT = Path(__file__).resolve().parents[2]
State = tuple[int, int]  # (version, log length)


@pytest.fixture(scope="module")
def server() -> Iterator[subprocess.Popen[str]]:
    """The process that forks one writer a run (see crash_child)."""
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.storage.crash_child"],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    yield child
    try:
        child.communicate("", timeout=10)  # end of input: it exits
    except subprocess.TimeoutExpired:
        child.kill()
        child.communicate()


def kill_at_random(server: subprocess.Popen[str], path: Path, seed: int) -> list[str]:
    """Fork a writer on ``path``, SIGKILL it after a random moment; the lines it printed."""
    assert server.stdin and server.stdout
    server.stdin.write(f"{path} {seed}\n")
    server.stdin.flush()
    first = server.stdout.readline()
    assert first.startswith("ready "), f"the writer failed before it was ready: {first!r}"
    time.sleep(random.Random(seed).uniform(0.0, 0.15))
    os.kill(int(first.split()[1]), signal.SIGKILL)
    lines = []
    while (line := server.stdout.readline()) not in ("end\n", ""):
        lines.append(line)
    return lines[:-1]  # the blank line before "end", or what is left of a line the kill cut


def reported(lines: list[str]) -> tuple[dict[int, State], dict[int, State]]:
    """Per table: (version, log length) of its last committed save, and of a save in flight."""
    done: dict[int, State] = {}
    trying: dict[int, State] = {}
    for line in lines:
        word, table_id, version, length = line.split()
        (done if word == "done" else trying)[int(table_id)] = (int(version), int(length))
    in_flight = {t: s for t, s in trying.items() if done.get(t) != s}
    return done, in_flight


@pytest.mark.parametrize("seed", range(20))
async def test_killed_writer_loses_no_committed_action(
    server: subprocess.Popen[str], tmp_path: Path, seed: int, open_file: OpenFile
) -> None:
    path = tmp_path / "crash.db"
    lines = kill_at_random(server, path, seed)

    with sqlite3.connect(path) as conn:  # the first opener recovers the WAL
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    conn.close()
    done, in_flight = reported(lines)
    assert len(in_flight) <= 1, "the writer runs one save at a time"
    store = await open_file(path)
    tables = await store.tables.active()
    assert len(tables) == TABLES and await store.tables.broken() == []
    for record in tables:
        last = done.get(record.id or 0, (1, 0))  # as created
        # All of the last reported save, and the one in flight entirely or not at all.
        assert (record.version, len(record.log)) in (last, in_flight.get(record.id or 0, last))
        assert record.log == moves(0, len(record.log))
    await store.close()
