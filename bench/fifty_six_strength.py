"""56 computer players on duplicate deals: easy against random, normal against easy, hard against
normal.

A deal set is one deal (fixed seed, first dealer 0) played once per team with the stronger level
in that team and the weaker level in all the others, so every team's cards are played by both
levels. Its margin is the table change of the stronger level's team less the mean change of the
others' (tables are counted at 100 each, so no payment is capped), averaged over the rotations.
The mean margin over the sets comes with its 99% confidence interval (normal approximation);
with the share of contracts made by each level as declarer, the deals passed out (everyone
passed: 28 NT for the dealer's right, §5.4) and the decision time p50/p99 (the seat's
observation built and the action chosen, in CPU time: one core's work, whatever else runs).

Measured (seed 1, hard at its default budget of 24,000 card plays), before -> after issue 28's
bidding (the team the passed-out 28 NT falls on opens); 4 seats plays exactly as before:
    4 players: easy vs random +9.64 [+9.53, +9.75], normal vs easy +0.62 [+0.34, +0.91] (200
    sets); hard vs normal +1.41 [+0.27, +2.55] (100 sets; +1.27 [+0.62, +1.91] over 300)
    6 players: easy vs random +21.14 [+19.86, +22.41]; normal vs easy +0.98 [+0.53, +1.44] ->
    +0.70 [+0.23, +1.17] (200 sets); hard vs normal +0.84 [-0.20, +1.88] -> +2.03 [+1.01, +3.05]
    (100 sets), deals passed out 143/300 -> 37/300, hard made 61% -> 72% of its contracts
    8 players: easy vs random +22.35 [+21.49, +23.22]; normal vs easy +1.81 [+1.34, +2.28] ->
    +1.15 [+0.68, +1.62] (200 sets); hard vs normal +0.33 [-0.32, +0.98] -> +1.58 [+1.04, +2.13]
    (100 sets), deals passed out 322/400 -> 103/400, hard made 26% -> 33%
    hard's CPU a decision p50 / p99: 13 / 72 ms at 4 seats, 16 / 90 at 6, 17 / 96 at 8
Then (issue 28 again: only the hook's last call opens, floors 18/14; Hard's fallback there is its
best 28), before -> after in one run side by side, same seeds, 99% CIs:
    4 players: unchanged, normal vs easy +0.62, hard vs normal +1.41 [+0.27, +2.55] both;
    hard's CPU p50 / p99 12.2 / 67 -> 12.4 / 64 ms
    6 players: normal vs easy +0.70 -> +0.76 [+0.26, +1.27] (200 sets); hard vs normal +2.03 ->
    +1.50 [+0.56, +2.44] (100 sets), passed out 37/300 -> 35/300, hard made 72% -> 69%
    8 players: normal vs easy +1.15 -> +1.38 [+0.88, +1.88]; hard vs normal +1.58 -> +1.79
    [+1.07, +2.51], passed out 103/400 -> 89/400, hard made 33% -> 33%
    hard's CPU a decision p50 / p99 (machine loaded): 11.6 / 58 -> 11.6 / 57 ms at 6 seats,
    14.1 / 74 -> 14.9 / 78 at 8
Then (issue 28's decision: on the hook Hard passes only if that beats its best bid by
HOOK_LIVELINESS, 0.75 / 4 tables at 6 / 8 seats; 4 seats plays as before), hard vs normal
before -> after side by side, same seeds, 100 sets, 99% CIs:
    6 players: +1.50 [+0.56, +2.44] -> +1.46 [+0.50, +2.42], passed out 35/300 -> 28/300, hard
    made 69% -> 70%
    8 players: +1.79 [+1.07, +2.51] -> +1.38 [+0.48, +2.27], passed out 89/400 -> 42/400, hard
    made 33% -> 41%
    hard's CPU a decision p50 / p99: 17.0 / 98 -> 18.1 / 103 ms at 8 seats
    6 players over 40 sets, side by side: +1.82 [+0.55, +3.10] -> +1.57 [+0.28, +2.87], passed
    out 12/120 -> 8/120; hard's CPU p50 / p99 13.5 / 79 -> 13.7 / 77 ms
    4 players over 40 sets: the same deals and figures, +1.23 [-0.73, +3.18] (CI not clear of 0
    at 40 sets, as before; +1.41 [+0.27, +2.55] over 100); CPU p50 / p99 14.2 / 76 -> 13.8 / 78
Then (issue 42: Hard names no trump it is void in, and a suit held without its jack is spoken
"♦ 28", never "28 ♦"), hard vs normal before -> after, same seeds, 40 sets, 99% CIs:
    4 players: +1.23 [-0.73, +3.18] both (the same deals); CPU p50 / p99 13.3 / 80 -> 14.0 / 74 ms
    6 players: +1.57 [+0.28, +2.87] -> +1.50 [+0.22, +2.78], hard made 78% both, passed out 8/120
    both; CPU p50 / p99 14.7 / 85 -> 15.2 / 87 ms
    8 players: +1.20 [-0.25, +2.65] both, hard made 32% both, passed out 18/160 both; CPU p50 /
    p99 19.0 / 110 -> 18.6 / 92 ms (machine loaded)

    python bench/fifty_six_strength.py [--sets 300] [--players 4 6 8] [--seed 1]
        [--pairings easy:random normal:easy hard:normal] [--work 40000] [--jobs 1]
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.fifty_six import GAME  # noqa: E402
from engine.players import Player, random_player  # noqa: E402
from engine.players.fifty_six import HARD_WORK, PLAYERS, make_hard  # noqa: E402

LEVELS: dict[str, Player] = {"random": random_player, "easy": PLAYERS["easy"],
                             "normal": PLAYERS["normal"]}
Z99 = 2.576


def play_deal(players: int, seed: int, levels: list[str], timings: dict[str, list[float]],
              made: dict[str, list[int]], passed: list[int]) -> tuple[int, ...]:
    """One deal with the level of each team; the table change of each team."""
    k = players // 2
    state = GAME.new_match(players, seed, first_dealer=0, tables=100)
    rngs = [random.Random(seed * 10 + seat) for seat in range(players)]
    while not state.history:
        seat = state.turn
        level = levels[seat % k]
        legal = GAME.legal_actions(state, seat)
        start = time.process_time()  # one core's work; the observation is part of it
        obs = GAME.observation(state, seat)
        action = LEVELS[level](obs, legal, rngs[seat])
        timings[level].append(time.process_time() - start)
        state = GAME.apply(state, seat, action)
    record = state.history[-1]
    made[levels[record.contract.team]].append(int(record.made))
    passed.append(int(record.contract.all_passed))
    return record.change


Outcome = tuple[float, dict[str, list[float]], dict[str, list[int]], list[int]]


def one_set(task: tuple[str, str, int, int]) -> Outcome:
    """Deal set ``index``: its margin, decision times, contracts made and deals passed out."""
    strong, weak, players, deal_seed = task
    k = players // 2
    timings: dict[str, list[float]] = defaultdict(list)
    made: dict[str, list[int]] = defaultdict(list)
    passed: list[int] = []
    total = 0.0
    for team in range(k):
        levels = [strong if t == team else weak for t in range(k)]
        change = play_deal(players, deal_seed, levels, timings, made, passed)
        others = [change[t] for t in range(k) if t != team]
        total += change[team] - sum(others) / len(others)
    return total / k, timings, made, passed


def pairing(strong: str, weak: str, players: int, sets: int, seed: int, jobs: int,
            timings: dict[str, list[float]], made: dict[str, list[int]],
            passed: list[int]) -> list[float]:
    tasks = [(strong, weak, players, seed * 1_000_000 + i) for i in range(sets)]
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            outcomes = pool.map(one_set, tasks, chunksize=4)
    else:
        outcomes = [one_set(t) for t in tasks]
    margins = []
    for margin, times, made_here, passed_here in outcomes:
        margins.append(margin)
        for level, t in times.items():
            timings[level] += t
        for level, m in made_here.items():
            made[level] += m
        passed += passed_here
    return margins


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sets", type=int, default=300)
    parser.add_argument("--players", type=int, nargs="*", default=[4, 6, 8])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pairings", nargs="*", default=["easy:random", "normal:easy",
                                                          "hard:normal"])
    parser.add_argument("--work", type=int, default=HARD_WORK, help="hard's budget (card plays)")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing the sets")
    args = parser.parse_args()
    LEVELS["hard"] = make_hard(args.work)
    for players in args.players:
        timings: dict[str, list[float]] = defaultdict(list)
        for strong, weak in (p.split(":") for p in args.pairings):
            made: dict[str, list[int]] = defaultdict(list)
            passed: list[int] = []
            margins = pairing(strong, weak, players, args.sets, args.seed, args.jobs, timings,
                              made, passed)
            mean = statistics.fmean(margins)
            half = Z99 * statistics.stdev(margins) / len(margins) ** 0.5
            shares = ", ".join(f"{level} made {sum(v)}/{len(v)} ({sum(v) / len(v):.0%})"
                               for level, v in sorted(made.items()))
            print(f"{players} players, {strong} vs {weak}: {mean:+.2f} tables a deal, "
                  f"99% CI [{mean - half:+.2f}, {mean + half:+.2f}] over {len(margins)} sets; "
                  f"{shares}; passed out {sum(passed)}/{len(passed)}", flush=True)
        times = ", ".join(f"{level} {percentile(t, 0.5):.2f} / {percentile(t, 0.99):.2f} ms"
                          for level, t in sorted(timings.items()))
        print(f"{players} players, decision time p50 / p99: {times}", flush=True)


def percentile(times: list[float], q: float) -> float:
    """In milliseconds."""
    return sorted(times)[int(q * (len(times) - 1))] * 1000


if __name__ == "__main__":
    main()
