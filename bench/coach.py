"""The coach's figures (issue 26): hint latency per game, a deal's review time, and what a Normal
player gains a deal by following the hint, on duplicate deals.

* Hint latency: ``engine.coach.advise`` at positions of matches Normal plays (one core: this
  process alone), wall clock and CPU time, p50 and p99; the Hard player's own decision at the
  same positions, interleaved, for comparison (the hint runs the same search, all of it kept).
* Review: ``engine.coach.review`` of seat 0's decisions in a deal Normal plays, seconds a deal;
  and of a deal in which seat 0 plays Easy, whose choices (as a person's may) often lie outside
  Hard's candidates: the review weighs each such pass, bid or combination beside them.
* Gain: each deal is played twice from the same seed, every seat Normal; the second time seat 0
  plays the hint's choice. The gain is seat 0's (or its team's) deal result with the hint less
  without it, in the game's unit, sign turned so that more is better (Hearts counts points taken).

    python bench/coach.py [--positions 120] [--reviews 6] [--deals 30] [--games hearts,king]
    (0 positions, reviews or deals leaves that part out)
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import GAME_NAMES, find_game  # noqa: E402
from engine.coach import advise, review  # noqa: E402
from engine.players import player_for  # noqa: E402


def positions(name: str, count: int, seed: int) -> list[tuple[Any, Any]]:
    """(observation, legal) at every decision of matches Normal plays, ``count`` of them spread
    over fresh matches (a new match every 60 decisions)."""
    game, normal, rng = find_game(name), player_for("normal", name), random.Random(seed)
    found: list[tuple[Any, Any]] = []
    while len(found) < count:
        state = game.new_match(4, rng.randrange(1 << 30))
        for _ in range(60):
            if game.is_over(state) or len(found) >= count:
                break
            seat = min(game.to_act(state))
            obs, legal = game.observation(state, seat), game.legal_actions(state, seat)
            found.append((obs, legal))
            state = game.apply(state, seat, normal(obs, legal, rng))
    return found


def timed(call: Any) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    call()
    return time.perf_counter() - wall, time.process_time() - cpu


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def latency(name: str, count: int) -> None:
    hard = player_for("hard", name)
    hint_wall, hint_cpu, hard_cpu = [], [], []
    for i, (obs, legal) in enumerate(positions(name, count, 1)):
        wall, cpu = timed(partial(advise, name, obs, legal, random.Random(i)))
        hint_wall.append(wall)
        hint_cpu.append(cpu)
        hard_cpu.append(timed(partial(hard, obs, legal, random.Random(i)))[1])
    ms = 1000.0
    print(f"{name:11} hint  p50 {percentile(hint_cpu, .5) * ms:6.0f} ms  p99 "
          f"{percentile(hint_cpu, .99) * ms:6.0f} ms CPU (wall p99 {percentile(hint_wall, .99) * ms:.0f})"
          f"   Hard p50 {percentile(hard_cpu, .5) * ms:.0f} p99 {percentile(hard_cpu, .99) * ms:.0f}"
          f"   n={len(hint_cpu)}", flush=True)


def one_deal(name: str, seed: int, hinted: bool, decisions: list[Any] | None = None,
             level: str = "normal") -> float:
    """Seat 0's result of the first deal of match ``seed``, every other seat Normal and seat 0
    at ``level`` or following the hint if ``hinted``; its decisions are collected into
    ``decisions`` (for a review)."""
    game, normal = find_game(name), player_for("normal", name)
    mine = player_for(level, name)
    state, rng = game.new_match(4, seed), random.Random(seed)
    step = 0
    while not game.public_observation(state).history:
        seat = min(game.to_act(state))
        obs, legal = game.observation(state, seat), game.legal_actions(state, seat)
        action = (mine if seat == 0 else normal)(obs, legal, rng)
        if seat == 0 and hinted:
            action = advise(name, obs, legal, random.Random(seed * 1000 + step)).choice
        if seat == 0 and decisions is not None:
            decisions.append((step, obs, legal, action))
        state = game.apply(state, seat, action)
        step += 1
    public = game.public_observation(state)
    entry = next(i for i, t in enumerate(public.teams) if 0 in t) if public.teams else 0
    result = public.history[0].results[entry]
    return -result if public.standings.low_wins else result


def reviews(name: str, count: int) -> None:
    for level in ("normal", "easy"):
        seconds = []
        for seed in range(count):
            decisions: list[Any] = []
            one_deal(name, 500 + seed, False, decisions, level)
            seconds.append(timed(partial(review, name, decisions, random.Random))[1])
        print(f"{name:11} review of a deal seat 0 plays {level:6}: mean "
              f"{statistics.mean(seconds):.2f} s, max {max(seconds):.2f} s CPU (n={count})",
              flush=True)


def gain(name: str, deals: int) -> None:
    diffs = [one_deal(name, seed, True) - one_deal(name, seed, False) for seed in range(deals)]
    mean = statistics.mean(diffs)
    half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0
    unit = {"hearts": "points (fewer taken)", "king": "points", "bazar_blot": "game points",
            "fifty_six": "tables", "thirteen": "points"}[name]
    print(f"{name:11} following the hint: {mean:+.2f} {unit} a deal (95% ±{half:.2f}, "
          f"better in {sum(d > 0 for d in diffs)}, worse in {sum(d < 0 for d in diffs)} of "
          f"{deals})", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=120)
    parser.add_argument("--reviews", type=int, default=6)
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--games", default=",".join(GAME_NAMES))
    args = parser.parse_args()
    names = args.games.split(",")
    for name in names * bool(args.positions):  # 0 leaves a part out
        latency(name, args.positions)
    for name in names * bool(args.reviews):
        reviews(name, args.reviews)
    for name in names * bool(args.deals):
        gain(name, args.deals)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
