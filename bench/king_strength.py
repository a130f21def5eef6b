"""King computer players: strength on duplicate deals, and decision time.

A deal set is one deal (its seed and its contract, cycling through the 12 of the match) played at
two tables: X in seats 0 and 2 against Y in 1 and 3, then the seats swapped, so the cards' luck
cancels out. The margin of a set is X's mean points per seat minus Y's; the report gives its mean
over the sets with a 99% confidence interval (normal approximation), for easy vs random,
normal vs easy and hard vs normal, and the 50th and 99th percentiles of each level's decision
time (the player's call alone; building the observation, which the bot does anyway, is timed
apart). ``--samples`` and ``--trump-samples`` set hard's budget (sampled worlds a card, a trump
choice); ``--pairs hard:normal`` runs only that pairing.

    python bench/king_strength.py [--sets 300] [--seed 1] [--pairs easy:random,normal:easy,hard:normal]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.king import DEFAULT_ORDER, GAME  # noqa: E402
from engine.players import Player, random_player  # noqa: E402
from engine.players.king import HARD_SAMPLES, PLAYERS, TRUMP_SAMPLES, make_hard  # noqa: E402

LEVELS: dict[str, Player] = {**PLAYERS, "random": random_player}
Z99 = 2.5758


def play_deal(seed: int, contract: str, seating: list[str],
              timings: dict[str, list[float]]) -> tuple[int, ...]:
    state = GAME.new_match(4, seed, contracts=contract)
    rngs = [random.Random(seed * 4 + seat) for seat in range(4)]
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        start = time.perf_counter()
        obs = GAME.observation(state, seat)
        observed = time.perf_counter()
        action = LEVELS[seating[seat]](obs, legal, rngs[seat])
        done = time.perf_counter()
        timings[seating[seat]].append(done - observed)
        timings["observation"].append(observed - start)
        state = GAME.apply(state, seat, action)
    return GAME.scores(state)


def margins(x: str, y: str, sets: int, seed: int,
            timings: dict[str, list[float]]) -> list[float]:
    out = []
    for k in range(sets):
        deal_seed, contract = seed * 100_003 + k, DEFAULT_ORDER[k % len(DEFAULT_ORDER)]
        a = play_deal(deal_seed, contract, [x, y, x, y], timings)
        b = play_deal(deal_seed, contract, [y, x, y, x], timings)
        out.append(((a[0] + a[2] + b[1] + b[3]) - (a[1] + a[3] + b[0] + b[2])) / 4)
    return out


def interval(values: list[float]) -> tuple[float, float, float]:
    mean = statistics.fmean(values)
    half = Z99 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pairs", default="easy:random,normal:easy,hard:normal")
    parser.add_argument("--samples", type=int, default=HARD_SAMPLES)
    parser.add_argument("--trump-samples", type=int, default=TRUMP_SAMPLES)
    args = parser.parse_args()
    LEVELS["hard"] = make_hard(args.samples, args.trump_samples)
    timings: dict[str, list[float]] = {name: [] for name in (*LEVELS, "observation")}
    started = time.perf_counter()
    for pair in args.pairs.split(","):
        x, y = pair.split(":")
        found = margins(x, y, args.sets, args.seed, timings)
        mean, low, high = interval(found)
        budget = f" ({args.samples} worlds a card, {args.trump_samples} a trump)" * (x == "hard")
        print(f"{x}{budget} vs {y}: {mean:+.1f} points a seat a deal, 99% CI [{low:+.1f}, "
              f"{high:+.1f}] over {args.sets} duplicate deal sets")
        by: dict[str, list[float]] = {}
        for k, margin in enumerate(found):
            by.setdefault(DEFAULT_ORDER[k % len(DEFAULT_ORDER)], []).append(margin)
        print("  by contract: " + "  ".join(f"{c} {statistics.fmean(v):+.0f}" for c, v in by.items()))
    for name in (*(n for n in PLAYERS if timings[n]), "observation"):
        what = "building one" if name == "observation" else "decision"
        times = timings[name]
        print(f"{name}: {what} p50 {percentile(times, 0.5) * 1000:.3f} ms, "
              f"p99 {percentile(times, 0.99) * 1000:.3f} ms over {len(times)}")
    print(f"({time.perf_counter() - started:.1f} s)")


if __name__ == "__main__":
    main()
