"""A text replay's steps on the event loop (issue 42 item 12), per game: for the last of the first
``--deals`` deals of a match Normal plays, the time a step held the loop when every step replayed
the match up to its deal there (before), and now: the loop's longest stall while the first step
builds the deal in a worker thread (``bot.coach.frames.Frames``; beside it the longest stall of
an idle loop over as long, the machine's own), and a later step's time (the deal kept, one frame
drawn).

    python bench/replay_steps.py [--deals 3] [--repeats 5] [--games hearts,king]
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.replay_page import SEED, arguments, normal_log  # noqa: E402
from bot.coach.frames import Frames, frames  # noqa: E402
from bot.coach.replay import Source, all_deals, frame  # noqa: E402
from bot.views import Context  # noqa: E402
from engine import find_game  # noqa: E402


async def stalled(work: asyncio.Future[object] | asyncio.Task[object]) -> float:
    """The loop's longest gap between ticks while ``work`` runs."""
    longest, last = 0.0, time.perf_counter()
    while not work.done():
        await asyncio.sleep(0)
        now = time.perf_counter()
        longest, last = max(longest, now - last), now
    await work
    return longest


async def measure(name: str, deals: int, repeats: int) -> None:
    players = 4
    log = normal_log(name, players, deals)
    deals = len(list(all_deals(find_game(name), players, SEED, log, {})))  # a match may end first
    names = tuple(f"Player {i + 1}" for i in range(players))
    source = Source("t", 1, name, players, {}, SEED, log, names, deals, 0, False)
    ctx = Context("hy", 0, 0, names, name)
    before, first, later, idle = [], [], [], []
    for repeat in range(repeats):
        start = time.perf_counter()
        frame(source, frames(source, deals), 1, ctx)  # the whole step, on the loop
        before.append(time.perf_counter() - start)
        cache = Frames()
        built = Source(*(repeat + 2 if f == "ident" else getattr(source, f)
                         for f in Source.__dataclass_fields__))

        async def step(n: int, kept: Frames = cache, src: Source = built) -> None:
            frame(src, await kept.of(src, deals), n, ctx)
        start = time.perf_counter()
        first.append(await stalled(asyncio.ensure_future(step(1))))
        idle.append(await stalled(asyncio.ensure_future(asyncio.sleep(
            time.perf_counter() - start))))  # the machine's own stalls over as long
        start = time.perf_counter()
        await step(2)
        later.append(time.perf_counter() - start)

    def ms(values: list[float]) -> str:
        return f"p50 {statistics.median(values) * 1000:5.1f} max {max(values) * 1000:5.1f} ms"
    print(f"{name:<11} deal {deals}: on the loop before {ms(before)}; now the first step's "
          f"longest stall {ms(first)} (idle over as long: {ms(idle)}), a later step "
          f"{ms(later)}", flush=True)


def main() -> None:
    args = arguments(__doc__)
    for name in args.games.split(","):
        asyncio.run(measure(name, args.deals, args.repeats))


if __name__ == "__main__":
    main()
