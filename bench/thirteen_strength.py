"""Thirteen computer players: strength margins and decision time (issues 16 and 17).

For each pairing (easy vs random, normal vs easy, hard vs normal) and each deal seed, one game is played
``players`` times: the stronger level in one seat, the weaker in the others, the stronger seat
rotated over every seat of the same deal. The margin of a deal is the stronger player's place
points minus the mean of the others' at its table, averaged over the rotations; the figure is the
mean margin over the deals with a 99% confidence interval (normal approximation). Also the p50
and p99 decision time of each level, wall-clock and CPU (the CPU time is what one core spends on
the decision, whatever else the machine runs).

    python bench/thirteen_strength.py [--games 1000] [--players 4] [--seed 1]
                                      [--pairs hard:normal,normal:easy] [--samples 16] [--tries N]

``--games`` counts games per pairing (deals x rotations); ``--samples`` (worlds) and ``--tries``
(draws per other seat's hand in a world) are Hard's budget.
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

from engine.players import Player, random_player  # noqa: E402
from engine.players.thirteen import HARD_SAMPLES, PLAYERS, hard_tries, make_hard  # noqa: E402
from engine.thirteen import GAME  # noqa: E402

LEVELS: dict[str, Player] = {**PLAYERS, "random": random_player}
PAIRINGS = "easy:random,normal:easy,hard:normal"
Z99 = 2.5758


def play_game(players: int, seed: int, seating: list[str],
              timings: dict[str, list[tuple[float, float]]]) -> tuple[int, ...]:
    """One game of the deal ``seed`` with these levels per seat; the place points."""
    state = GAME.new_match(players, seed)
    rngs = [random.Random(seed * 8 + s) for s in range(players)]
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        obs = GAME.observation(state, seat)
        start, cpu = time.perf_counter(), time.thread_time()
        action = LEVELS[seating[seat]](obs, legal, rngs[seat])
        timings[seating[seat]].append((time.perf_counter() - start, time.thread_time() - cpu))
        state = GAME.apply(state, seat, action)
    return state.results[-1]


def margin(strong: str, weak: str, players: int, seed: int,
           timings: dict[str, list[tuple[float, float]]]) -> float:
    total = 0.0
    for seat in range(players):
        seating = [weak] * players
        seating[seat] = strong
        points = play_game(players, seed, seating, timings)
        others = [p for s, p in enumerate(points) if s != seat]
        total += points[seat] - sum(others) / len(others)
    return total / players


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pairs", default=PAIRINGS, help="strong:weak,... (default: all)")
    parser.add_argument("--samples", type=int, default=HARD_SAMPLES, help="Hard's worlds")
    parser.add_argument("--tries", type=int, default=None,
                        help="draws per hand (default: Hard's for the player count)")
    args = parser.parse_args()
    tries = hard_tries(args.players) if args.tries is None else args.tries
    LEVELS["hard"] = make_hard(args.samples, tries)
    deals = max(2, args.games // args.players)
    timings: dict[str, list[tuple[float, float]]] = {name: [] for name in LEVELS}
    print(f"Thirteen, {args.players} players, {deals} deals x {args.players} rotations per pairing"
          f", hard: {args.samples} samples x {tries} tries")
    for pair in args.pairs.split(","):
        strong, weak = pair.split(":")
        started = time.perf_counter()
        margins = [margin(strong, weak, args.players, args.seed * 100_003 + d, timings)
                   for d in range(deals)]
        mean = statistics.fmean(margins)
        half = Z99 * statistics.stdev(margins) / math.sqrt(len(margins))
        print(f"{strong:>6} vs {weak:<6} margin {mean:+.3f} place points a game, "
              f"99% CI [{mean - half:+.3f}, {mean + half:+.3f}]  "
              f"({time.perf_counter() - started:.1f} s)")
    for name, times in timings.items():
        if times:
            wall, cpu = (sorted(t[i] for t in times) for i in (0, 1))
            print(f"{name:>6}: {len(times)} decisions, wall p50 {_at(wall, 0.5):.3f} ms, "
                  f"p99 {_at(wall, 0.99):.3f} ms; cpu p50 {_at(cpu, 0.5):.3f} ms, "
                  f"p99 {_at(cpu, 0.99):.3f} ms")
    return 0


def _at(ordered: list[float], share: float) -> float:
    """The ``share`` quantile of sorted seconds, in ms."""
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))] * 1e3


if __name__ == "__main__":
    raise SystemExit(main())
