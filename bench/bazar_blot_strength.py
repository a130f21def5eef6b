"""Bazar Blot computer players: strength on duplicate deals and decision time.

A duplicate set is one deal played twice: pair X holds seats 0 and 2 and pair Y seats 1 and 3,
then the pairs swap seats over the same cards. The set's margin is X's game points minus Y's over
both plays, so the luck of the cards cancels out; a pairing's mean margin is printed with its 99%
interval (normal approximation). A thrown-in deal (four passes) scores 0 for both. The share of
contracts made is printed per level, and the p50/p99 decision times.

    python bench/bazar_blot_strength.py [--sets 300] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.bazar_blot import GAME, BlotDeal  # noqa: E402
from engine.players import Player, random_player  # noqa: E402
from engine.players.bazar_blot import PLAYERS  # noqa: E402

LEVELS: dict[str, Player] = {**PLAYERS, "random": random_player}
PAIRINGS = (("easy", "random"), ("normal", "easy"), ("normal", "random"))
Z99 = 2.576


def play_deal(seed: int, team_a: str, team_b: str, timings: list[float],
              made: dict[int, list[int]]) -> tuple[int, int]:
    """Play deal 1 of ``seed`` with ``team_a`` in seats 0, 2 and ``team_b`` in 1, 3; the game
    points of each team."""
    state = GAME.new_match(4, seed)
    rngs = [random.Random(seed * 4 + seat) for seat in range(4)]
    seating = (team_a, team_b, team_a, team_b)
    while not state.results:
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        obs = GAME.observation(state, seat)
        start = time.perf_counter()
        action = LEVELS[seating[seat]](obs, legal, rngs[seat])
        timings.append(time.perf_counter() - start)
        state = GAME.apply(state, seat, action)
    record = GAME.public_observation(state).history[0]
    facts: BlotDeal = record.facts
    if facts.contract is not None:
        made[facts.contract.level].append(int(facts.made))
    a, b = record.results
    return a, b


def pairing(x: str, y: str, sets: int, seed: int, timings: list[float],
            made: dict[int, list[int]]) -> tuple[float, float, float]:
    margins = []
    for k in range(sets):
        deal_seed = seed * 100_003 + k
        a1, b1 = play_deal(deal_seed, x, y, timings, made)
        a2, b2 = play_deal(deal_seed, y, x, timings, made)
        margins.append((a1 - b1) + (b2 - a2))
    mean = statistics.fmean(margins)
    half = Z99 * statistics.stdev(margins) / len(margins) ** 0.5
    return mean, mean - half, mean + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    timings: dict[str, list[float]] = defaultdict(list)
    for x, y in PAIRINGS:
        made: dict[int, list[int]] = defaultdict(list)
        started = time.perf_counter()
        mean, low, high = pairing(x, y, args.sets, args.seed, timings[f"{x}-{y}"], made)
        print(f"{x} vs {y}: {mean:+.1f} GP a set (99% [{low:+.1f}, {high:+.1f}]),"
              f" {args.sets} sets in {time.perf_counter() - started:.1f} s")
        shares = ", ".join(f"{level}: {sum(v)}/{len(v)}" for level, v in sorted(made.items())
                           if level <= 20 or len(v) >= 5)
        print(f"  contracts made by level: {shares}")
    every = sorted(t for ts in timings.values() for t in ts)
    p50, p99 = every[len(every) // 2], every[int(len(every) * 0.99)]
    print(f"decision time: p50 {p50 * 1000:.3f} ms, p99 {p99 * 1000:.3f} ms over {len(every)}")


if __name__ == "__main__":
    main()
