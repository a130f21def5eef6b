"""Property-based bad input (hypothesis, derandomized so a failure replays): forged and random
button data, presses by people who do not sit at the table, for other tables and old moves, and
odd command text. Every press is answered, nothing is logged as an error, and no table moves."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from storage import Store
from storage.memory.store import MemoryStore

from .fake import GROUP, Harness, Sent

SEATED, STRANGER = [101, 102], 999
COMMANDS = ("new", "join", "start", "stop", "kick", "timer", "lang", "rules", "top", "score",
            "help", "unknown")
NUMBERS = st.one_of(
    st.integers(-(2**70), 2**70).map(str),
    st.sampled_from(["²", "①", "１", "٣", "", "-0", "1e3", "0x1", " 1", "1 ", "01", "9" * 40]),
    st.text(alphabet=st.characters(categories=["Nd", "No"]), max_size=5))
KINDS = st.sampled_from(list("apctqhjlfmksgxroz") + ["", "aa", "|"])


class Errors(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


class World:
    """One bot with a 56 table in play (two humans, two computers), kept across examples."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.store = cast(Store, MemoryStore())
        self.h = Harness(self.store)
        self.errors = Errors()
        self.run(self.h.__aenter__())
        self.run(self.h.open_table("fifty_six", SEATED, 2))
        logging.getLogger().addHandler(self.errors)

    def run(self, work: Any) -> Any:
        return self.loop.run_until_complete(work)

    def snapshot(self) -> list[Any]:
        """What a move would change: each table's log, status and who sits where."""
        tables = self.run(self.store.tables.active())
        return [(t.id, tuple(t.log), t.status, [(s.user_id, s.away) for s in t.seats])
                for t in tables]

    def close(self) -> None:
        logging.getLogger().removeHandler(self.errors)
        self.run(self.h.__aexit__(None, None, None))
        self.loop.close()


@pytest.fixture(scope="module")
def world() -> Iterator[World]:
    made = World()
    yield made
    made.close()


def table_id(world: World) -> int:
    return world.run(world.store.tables.seat_of(SEATED[0])).id or 0


forged = st.one_of(
    st.text(max_size=80),
    st.builds(lambda k, t, m, a: f"{k}|{t}|{m}|{a}", KINDS, NUMBERS, NUMBERS, st.text(max_size=30)),
    st.builds(lambda k, m, a: (k, m, a), KINDS, NUMBERS, st.text(max_size=30)),  # this table
)
SETTINGS = settings(max_examples=250, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.mark.slow
@SETTINGS
@given(data=forged, user=st.sampled_from([*SEATED, STRANGER]),
       where=st.sampled_from(["hand", "group"]), lang=st.sampled_from(["hy", "en", "ru", "xx"]))
def test_every_forged_press_is_answered_and_changes_no_table(world: World, data: Any, user: int,
                                                            where: str, lang: str) -> None:
    if isinstance(data, tuple):  # this table's id, a forged move and argument
        kind, move, arg = data
        data = f"{kind}|{table_id(world)}|{move}|{arg}"
    before = world.snapshot()
    message = world.h.hand(user) if where == "hand" and user in SEATED else world.h.table_message()
    if where == "hand" and user == STRANGER:
        message = Sent(user, 1, "", None)
    answer = world.run(world.h.press(user, message, data, lang=lang))  # asserts one answer
    assert "callback_query_id" in answer
    assert world.snapshot() == before
    assert not world.errors.records, world.errors.records[-1].getMessage()


@SETTINGS
@given(command=st.sampled_from(COMMANDS),
       argument=st.one_of(st.text(max_size=300), NUMBERS, NUMBERS.map(lambda n: "join_" + n),
                          st.just("x" * 5000)),
       user=st.sampled_from([SEATED[1], STRANGER]), private=st.booleans())
def test_odd_commands_get_an_answer_or_nothing_and_change_no_table(
        world: World, command: str, argument: str, user: int, private: bool) -> None:
    before = world.snapshot()
    text = f"/{command} {argument}".strip()[:4096]
    world.run(world.h.say(user, text, chat=user if private else GROUP))
    assert world.snapshot() == before
    assert not world.errors.records, world.errors.records[-1].getMessage()
