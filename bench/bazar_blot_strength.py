"""Bazar Blot computer players: strength on duplicate deals and decision time.

A duplicate set is one deal played twice: pair X holds seats 0 and 2 and pair Y seats 1 and 3,
then the pairs swap seats over the same cards. The set's margin is X's game points minus Y's over
both plays, so the luck of the cards cancels out; a pairing's mean margin is printed with its 99%
interval (normal approximation). A thrown-in deal (four passes) scores 0 for both. The share of
contracts made is printed per pair and per level, and the p50/p99 decision times per level.

    python bench/bazar_blot_strength.py [--sets 300] [--seed 1] [--first 0]
        [--pairings hard-normal,normal-easy] [--samples 24] [--auction-samples 16]

``--first`` starts at another deal set, so a long run can be split into chunks (their margins
are printed with --margins, one per line, to be pooled).
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

from engine.bazar_blot import (  # noqa: E402
    GAME,
    BlotDeal,
    playout,
    rollout,
    start_of_play,
    world_state,
)
from engine.players import Player, random_player  # noqa: E402
from engine.players.bazar_blot import (  # noqa: E402
    AUCTION_SAMPLES,
    HARD_SAMPLES,
    PLAYERS,
    make_hard,
)

LEVELS: dict[str, Player] = {**PLAYERS, "random": random_player}
PAIRINGS = ("hard-normal", "easy-random", "normal-easy", "normal-random")
Z99 = 2.576


class Tally:
    """Decision times per level, contracts declared and made per level and per bid level."""

    def __init__(self) -> None:
        self.times: dict[str, list[float]] = defaultdict(list)
        self.cpu: dict[str, list[float]] = defaultdict(list)  # CPU time: one core, whatever the load
        self.made: dict[str, list[int]] = defaultdict(list)
        self.by_level: dict[int, list[int]] = defaultdict(list)


def play_deal(seed: int, team_a: str, team_b: str, tally: Tally) -> tuple[int, int]:
    """Play deal 1 of ``seed`` with ``team_a`` in seats 0, 2 and ``team_b`` in 1, 3; the game
    points of each team."""
    state = GAME.new_match(4, seed)
    rngs = [random.Random(seed * 4 + seat) for seat in range(4)]
    seating = (team_a, team_b, team_a, team_b)
    while not state.results:
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        obs = GAME.observation(state, seat)
        start, cpu = time.perf_counter(), time.thread_time()
        action = LEVELS[seating[seat]](obs, legal, rngs[seat])
        tally.times[seating[seat]].append(time.perf_counter() - start)
        tally.cpu[seating[seat]].append(time.thread_time() - cpu)
        state = GAME.apply(state, seat, action)
    record = GAME.public_observation(state).history[0]
    facts: BlotDeal = record.facts
    if facts.contract is not None:
        tally.made[seating[facts.contract.declarer]].append(int(facts.made))
        tally.by_level[facts.contract.level].append(int(facts.made))
    a, b = record.results
    return a, b


def pairing(x: str, y: str, sets: range, seed: int, tally: Tally) -> list[int]:
    margins = []
    for k in sets:
        deal_seed = seed * 100_003 + k
        a1, b1 = play_deal(deal_seed, x, y, tally)
        a2, b2 = play_deal(deal_seed, y, x, tally)
        margins.append((a1 - b1) + (b2 - a2))
    return margins


def interval(margins: list[int]) -> tuple[float, float, float]:
    mean = statistics.fmean(margins)
    half = Z99 * statistics.stdev(margins) / len(margins) ** 0.5
    return mean, mean - half, mean + half


def percentiles(times: list[float]) -> str:
    every = sorted(times)
    p50, p99 = every[len(every) // 2], every[int(len(every) * 0.99)]
    return f"p50 {p50 * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms over {len(every)}"


def playout_speed(deals: int = 200) -> None:
    """Playouts a second from the first card of a deal: the random rollout, the Normal-rule
    playout the Hard player uses (world building included), and Normal through the public API."""
    starts = [start_of_play(GAME.new_match(4, seed)) for seed in range(deals)]
    rng = random.Random(0)
    began = time.perf_counter()
    for state in starts:
        rollout(state, rng)
    random_rate = deals / (time.perf_counter() - began)
    observations = [GAME.observation(state, state.turn) for state in starts]
    began = time.perf_counter()
    for obs, state in zip(observations, starts, strict=True):
        playout(world_state(obs, state.hands), (0, 0, 0, 0), -1, rng)
    normal_rate = deals / (time.perf_counter() - began)
    began = time.perf_counter()
    for state in starts:
        while state.number == 1:
            seat = state.turn
            legal = GAME.legal_actions(state, seat)
            state = GAME.apply(state, seat, PLAYERS["normal"](GAME.observation(state, seat),
                                                               legal, rng))
    api_rate = deals / (time.perf_counter() - began)
    print(f"playouts a second: random rollout {random_rate:,.0f}, Normal-rule playout"
          f" {normal_rate:,.0f}, Normal through the public API {api_rate:,.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--pairings", default=",".join(PAIRINGS))
    parser.add_argument("--samples", type=int, default=None)
    parser.add_argument("--auction-samples", type=int, default=None)
    parser.add_argument("--margins", action="store_true", help="print every set's margin")
    parser.add_argument("--speed", action="store_true", help="print playouts a second and stop")
    args = parser.parse_args()
    if args.speed:
        playout_speed()
        return
    LEVELS["hard"] = make_hard(HARD_SAMPLES if args.samples is None else args.samples,
                               AUCTION_SAMPLES if args.auction_samples is None
                               else args.auction_samples)
    sets = range(args.first, args.first + args.sets)
    for name in args.pairings.split(","):
        x, y = name.split("-")
        tally = Tally()
        started = time.perf_counter()
        margins = pairing(x, y, sets, args.seed, tally)
        mean, low, high = interval(margins)
        print(f"{x} vs {y}: {mean:+.2f} GP a set (99% [{low:+.2f}, {high:+.2f}]),"
              f" {len(margins)} sets in {time.perf_counter() - started:.1f} s")
        for level in (x, y):
            made = tally.made[level]
            share = f"{sum(made) / len(made):.1%}" if made else "-"
            print(f"  {level}: declared {len(made)}, made {sum(made)} ({share}); decisions"
                  f" {percentiles(tally.times[level])} (CPU {percentiles(tally.cpu[level])})")
        shares = ", ".join(f"{level}: {sum(v)}/{len(v)}" for level, v in
                           sorted(tally.by_level.items()) if level <= 20 or len(v) >= 5)
        print(f"  contracts made by level: {shares}")
        if args.margins:
            print("  margins:", " ".join(map(str, margins)))


if __name__ == "__main__":
    main()
