"""56 computer players: CPU time per decision of each level at 4, 6 and 8 seats, and playouts a
second of the search's rollout paths.

Deals of fixed seeds are played with the levels taking turns by team (team t plays level t mod
3), and every decision's CPU time is kept (one core's work, the seat's observation built and
the action chosen), so other processes on the machine do not count. Then whole deals are
played out from the first card: by Hard's policy (``playout``), at random on ints (``rollout``)
and at random through the public API.

    python bench/fifty_six_latency.py [--deals 20] [--players 4 6 8] [--work 40000]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.fifty_six import GAME, State, rollout, start_of_play  # noqa: E402
from engine.players import Player  # noqa: E402
from engine.players.fifty_six import HARD_WORK, PLAYERS, make_hard, playout  # noqa: E402


def percentile(times: list[float], q: float) -> float:
    """In milliseconds."""
    return sorted(times)[int(q * (len(times) - 1))] * 1000


def decision_times(players: int, deals: int, levels: dict[str, Player]) -> dict[str, list[float]]:
    names = sorted(levels)
    times: dict[str, list[float]] = defaultdict(list)
    for seed in range(deals):
        state = GAME.new_match(players, seed, first_dealer=seed % players, tables=100)
        rng = random.Random(seed)
        while not state.history:
            seat = state.turn
            name = names[(seat % (players // 2) + seed) % len(names)]
            legal = GAME.legal_actions(state, seat)
            start = time.process_time()
            action = levels[name](GAME.observation(state, seat), legal, rng)
            times[name].append(time.process_time() - start)
            state = GAME.apply(state, seat, action)
    return times


def api_playout(state: State, rng: random.Random) -> None:
    deal = state.deal_no
    while state.deal_no == deal:
        seat = state.turn
        legal = GAME.legal_actions(state, seat)
        state = GAME.apply(state, seat, legal[int(rng.random() * len(legal))])


def playouts_per_second(players: int) -> str:
    starts = [start_of_play(GAME.new_match(players, s, first_dealer=0)) for s in range(100)]
    rng = random.Random(0)
    rates = []
    for run in (lambda s: playout(s), lambda s: rollout(s, rng), lambda s: api_playout(s, rng)):
        start = time.process_time()
        for s in starts:
            run(s)
        rates.append(len(starts) / (time.process_time() - start))
    return (f"policy playout {rates[0]:.0f}/s, random rollout {rates[1]:.0f}/s, "
            f"public API (random) {rates[2]:.0f}/s")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--players", type=int, nargs="*", default=[4, 6, 8])
    parser.add_argument("--work", type=int, default=HARD_WORK)
    args = parser.parse_args()
    levels = {"easy": PLAYERS["easy"], "normal": PLAYERS["normal"], "hard": make_hard(args.work)}
    for players in args.players:
        times = decision_times(players, args.deals, levels)
        shown = ", ".join(f"{name} {percentile(t, 0.5):.2f} / {percentile(t, 0.99):.2f} ms "
                          f"(max {max(t) * 1000:.0f}, {len(t)} decisions)"
                          for name, t in sorted(times.items()))
        print(f"{players} players, CPU time per decision p50 / p99: {shown}", flush=True)
        print(f"{players} players, {playouts_per_second(players)}", flush=True)


if __name__ == "__main__":
    main()
