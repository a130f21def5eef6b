"""The bot's overall budget (bot/budget.py): served by deadline, so hands go first and a
group table waits at most its slack behind them, never for ever."""

from __future__ import annotations

import asyncio

from bot.sending.budget import HAND, POST, TABLE, Budget


class Clock:
    """A budget's clock that moves only when the test moves it: who asked when is the test's
    to say, however late a busy machine runs the asks."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


async def test_hands_overtake_posts_and_tables_when_the_budget_is_short() -> None:
    clock = Clock()
    budget = Budget(2, scale=0.1, clock=clock)  # a tenth of the slack: 0.1 s a post, 3 s a table
    for _ in range(budget.burst):
        await budget.wait(HAND)  # the bucket is empty: its next token is 0.55 s on
    order: list[str] = []

    async def ask(name: str, slack: float) -> None:
        await budget.wait(slack)
        order.append(name)

    asks = [asyncio.create_task(ask("table", TABLE)), asyncio.create_task(ask("post", POST))]
    await asyncio.sleep(0)  # each task runs to its wait
    clock.now += 0.05  # the hands ask after them, within the post's slack
    asks += [asyncio.create_task(ask(f"hand{i}", HAND)) for i in range(3)]
    await asyncio.sleep(0)
    assert order == [], "no token yet: all five wait"
    clock.now += 10.0  # tokens for all of them
    await asyncio.gather(*asks)
    assert order == ["hand0", "hand1", "hand2", "post", "table"]


async def test_a_free_budget_waits_for_nothing() -> None:
    """Its burst goes at once: on a clock that never moves, a send that had to wait for a token
    would wait for ever."""
    budget = Budget(30, clock=Clock())
    for _ in range(budget.burst):
        await asyncio.wait_for(budget.wait(TABLE), 10)
    assert not budget._queue


async def test_a_table_edit_is_not_starved_by_a_stream_of_hands() -> None:
    clock = Clock()
    budget = Budget(10, scale=0.01, clock=clock)  # a table waits 0.3 s at most behind hands
    for _ in range(budget.burst):
        await budget.wait(HAND)
    order: list[str] = []

    async def ask(name: str, slack: float) -> None:
        await budget.wait(slack)
        order.append(name)

    start, asks = clock.now, [asyncio.create_task(ask("table", TABLE))]
    await asyncio.sleep(0)
    for i in range(40):  # a hand every 0.02 s from the table's ask on
        clock.now = start + 0.02 * (i + 1)
        asks.append(asyncio.create_task(ask(f"hand{i}", HAND)))
        await asyncio.sleep(0)
    clock.now += 100.0  # tokens for all of them
    await asyncio.gather(*asks)
    assert order.index("table") == 14, "after the 14 hands asked within its 0.3 s, no more"


async def test_a_waiter_that_gives_up_leaves_its_turn_to_the_next() -> None:
    budget = Budget(30)
    for _ in range(budget.burst):
        await budget.wait(HAND)
    gone = asyncio.create_task(budget.wait(HAND))
    await asyncio.sleep(0)
    gone.cancel()
    await asyncio.wait_for(budget.wait(TABLE), 1.0)  # served, not stuck behind the cancelled one


def test_a_dispatcher_woken_late_serves_the_tokens_it_owes() -> None:
    budget = Budget(110)  # 100 a second
    for _ in range(budget.burst):  # the bucket emptied at t = 10
        assert budget._take(10.0) == 0.0
    late = 0  # it was to wake at 10.1 for the next; a busy loop woke it at 10.5
    while budget._take(10.5, since=10.1) == 0.0:
        late += 1
    assert late >= 45, "the half second's tokens, not a burst"
    assert budget._take(10.5) > 0, "and no more than those"
