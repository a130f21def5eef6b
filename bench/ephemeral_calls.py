"""Bot API calls per human action, the hand in the private chat beside the hand as an ephemeral
message in the group (issue 43): four humans play one Hearts deal against the real bot process
(python -m bot) on the fake Bot API, with and without its flood limits (a minute of 3 s, as the
e2e tests), and the ephemeral path again with every message expiring after 60 s and a tenth of
the edits dropped. Counted from the start of the deal to its result; getUpdates and start-up
calls aside. Also printed: presses refused as stale, on a hand a dropped edit left outdated
(between turns: the refusal brings it anew) or on an up-to-date one (none expected).

    .venv/bin/python bench/ephemeral_calls.py [--runs 1]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.bot.test_e2e import act, bot_process, open_table, posted  # noqa: E402
from tests.bot.test_e2e_ephemeral import MATCH_WAIT, Table, newcomers  # noqa: E402
from tests.fakeapi import FakeBotApi  # noqa: E402

QUIET = {"getUpdates", "getMe", "setMyCommands", "deleteWebhook", "getMyCommands"}


async def one_deal(path: str, limited: bool, rough: bool) -> tuple[int, Counter[str], Table]:
    api = FakeBotApi(time_scale=0.05, callback_query_ttl=60.0, flood_limits=limited)
    async with api:
        with tempfile.TemporaryDirectory() as tmp:
            async with bot_process(api, Path(tmp) / "db.sqlite3", Path(tmp) / "log"):
                group, humans = newcomers(api)
                if path == "private":
                    for user in humans:
                        await api.user_starts_private(user)
                        await api.wait_for_bot_message(user.id, timeout=30)
                if rough:
                    api.set_ephemeral_ttl(60.0)
                    api.drop_ephemeral_edits(0.1, seed=43)
                await open_table(api, humans, 0, "hearts", (), group)
                start = len(api.calls)
                table = Table(api, group)
                over = lambda: posted(api, group, "ավարտվեց")  # noqa: E731
                if path == "private":
                    await private_deal(api, humans, over, table)
                else:
                    await table.play(humans, over, MATCH_WAIT)
                kinds = Counter(kind(c) for c in api.calls[start:] if c.method not in QUIET)
                return table.presses, kinds, table


async def private_deal(api: FakeBotApi, humans: list[Any], over: Any, table: Table) -> None:
    async def player(user: Any) -> None:
        stale: list[str] = []
        while await act(api, user.id, over, stale):
            table.presses += 1
        table.stale += stale
    await asyncio.gather(*(player(u) for u in humans))


def kind(call: Any) -> str:
    ephemeral = "ephemeral" if "ephemeral" in str(call.params) or "Ephemeral" in call.method \
        else "group" if (call.chat_id or 0) < 0 else "private" if call.chat_id else ""
    return f"{call.method} {ephemeral}".strip()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    setups = (("private", False, False), ("private", True, False), ("ephemeral", False, False),
              ("ephemeral", True, False), ("ephemeral", False, True), ("ephemeral", True, True))
    for _ in range(args.runs):
        for path, limited, rough in setups:
            presses, kinds, table = await one_deal(path, limited, rough)
            total = sum(kinds.values())
            label = f"{path}{' +expiry 60 s, 10% edits dropped' if rough else ''}" \
                    f"{' (flood limits)' if limited else ''}"
            print(f"{label}: {total / presses:.2f} calls per human action ({presses} presses, "
                  f"{len(table.stale)} stale: {table.outdated} on a hand a dropped edit left "
                  f"outdated, {table.unusable} on an up-to-date one); "
                  + ", ".join(f"{n / presses:.2f} {k}" for k, n in kinds.most_common()),
                  flush=True)


if __name__ == "__main__":
    asyncio.run(main())
