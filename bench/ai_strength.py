"""Hearts computer players: strength and decision time (shared/rules/hearts.md §9.2, §9.3).

Duplicate rounds: every deal is played four times with one seat each of easy, normal, hard and
random, the seating rotated so each level holds each of the four hands once. Luck of the cards then
cancels out, and the mean points per round compare the levels (lower is better; the spec expects
hard <= normal <= easy). Pass directions cycle left, right, across, none over the deals.

With ``--field LEVEL`` each of easy, normal and hard instead plays alone against three players of
LEVEL, in each seat in turn over the same deals: its strength against a fixed field. The two
differ for hard: its moon defence spares every non-shooter at the table, the normal player beside
it included, while hard alone pays for it, so a mixed table understates it.

    python bench/ai_strength.py [--rounds 400] [--seconds 120] [--seed 1] [--field normal]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.hearts import GAME, State  # noqa: E402
from engine.players import Player, random_player  # noqa: E402
from engine.players.hearts import PLAYERS  # noqa: E402

LEVELS: dict[str, Player] = {**PLAYERS, "random": random_player}
NAMES = list(LEVELS)
PASS_ROUND = {"left": 1, "right": 2, "across": 3}


def new_deal(seed: int, direction: str) -> State:
    """The deal of ``seed`` with the given pass direction. The direction follows the round number,
    so a right or across deal is the round-1 state renumbered before anyone has acted."""
    if direction == "none":
        return GAME.new_match(4, seed, passing=False)
    state = GAME.new_match(4, seed).copy()
    state.round = PASS_ROUND[direction]
    return state


def play_deal(state: State, seating: list[str], seed: int,
              timings: dict[str, list[float]]) -> tuple[int, ...]:
    """Play one deal to its end; the points of each seat (the moon rule applied)."""
    rngs = [random.Random(seed * 4 + seat) for seat in range(4)]
    while not state.results:
        seat = min(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        obs = GAME.observation(state, seat)
        start = time.perf_counter()
        action = LEVELS[seating[seat]](obs, legal, rngs[seat])
        timings[seating[seat]].append(time.perf_counter() - start)
        state = GAME.apply(state, seat, action)
    return state.results[-1]


def mixed_round(state_of: Callable[[], State], seed: int,
                timings: dict[str, list[float]]) -> dict[str, int]:
    """One deal with easy, normal, hard and random at the table, seats rotated: points per level."""
    totals = dict.fromkeys(NAMES, 0)
    for rotation in range(4):
        seating = [NAMES[(seat + rotation) % 4] for seat in range(4)]
        result = play_deal(state_of(), seating, seed, timings)
        for seat, name in enumerate(seating):
            totals[name] += result[seat]
    return totals


def field_round(field: str, state_of: Callable[[], State], seed: int,
                timings: dict[str, list[float]]) -> dict[str, int]:
    """One deal per level and seat: the level in that seat, ``field`` players in the others."""
    totals = dict.fromkeys(PLAYERS, 0)
    for name in PLAYERS:
        for seat in range(4):
            seating = [field] * 4
            seating[seat] = name
            totals[name] += play_deal(state_of(), seating, seed, timings)[seat]
    return totals


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=400, help="duplicate rounds (deals)")
    parser.add_argument("--seconds", type=float, default=120.0, help="stop early after this")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--field", choices=NAMES, help="play each level against three of these")
    args = parser.parse_args()

    names = list(PLAYERS) if args.field else NAMES
    points: dict[str, list[int]] = {name: [] for name in names}  # one total per deal
    timings: dict[str, list[float]] = {name: [] for name in NAMES}
    directions = ("left", "right", "across", "none")
    started = time.perf_counter()
    done = 0
    while done < args.rounds and time.perf_counter() - started < args.seconds:
        seed = args.seed * 1_000_000 + done
        state_of = partial(new_deal, seed, directions[done % 4])
        if args.field:
            totals = field_round(args.field, state_of, seed, timings)
        else:
            totals = mixed_round(state_of, seed, timings)
        for name in names:
            points[name].append(totals[name])
        done += 1
    elapsed = time.perf_counter() - started

    against = f"each level against three {args.field}" if args.field else "one of each level"
    print(f"{done} duplicate rounds, {against}, in {elapsed:.0f} s")
    print(f"{'level':<8}{'points/round':>14}{'± s.e.':>9}{'p99 ms':>9}{'max ms':>9}")
    for name in names:
        per_round = [t / 4 for t in points[name]]  # each deal was played 4 times
        mean = statistics.fmean(per_round)
        error = statistics.stdev(per_round) / len(per_round) ** 0.5 if done > 1 else 0.0
        p99 = statistics.quantiles(timings[name], n=100)[98] * 1000
        print(f"{name:<8}{mean:>14.2f}{error:>9.2f}{p99:>9.3f}{max(timings[name]) * 1000:>9.3f}")
    for better, worse in (("hard", "normal"), ("normal", "easy")):
        # paired by deal: the same cards, so this difference is far less noisy than the means
        diffs = [(a - b) / 4 for a, b in zip(points[better], points[worse], strict=True)]
        error = statistics.stdev(diffs) / len(diffs) ** 0.5 if done > 1 else 0.0
        print(f"{better} - {worse}: {statistics.fmean(diffs):+.2f} ± {error:.2f} points/round")
    return 0

if __name__ == "__main__":
    sys.exit(main())
