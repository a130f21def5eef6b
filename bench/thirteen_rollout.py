"""Thirteen rollouts: the int-only ``engine.thirteen.rollout`` against random play through the
public path (legal_actions + apply), from the first position of fixed deals.

    python bench/thirteen_rollout.py [--seconds 2] [--players 4]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.thirteen import GAME, State, rollout  # noqa: E402


def public_path(state: State, rng: random.Random) -> None:
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        state = GAME.apply(state, seat, legal[int(rng.random() * len(legal))])


def rate(run: object, starts: list[State], seconds: float) -> float:
    rng = random.Random(1)
    done, begin = 0, time.perf_counter()
    while time.perf_counter() - begin < seconds:
        run(starts[done % len(starts)], rng)  # type: ignore[operator]
        done += 1
    return done / (time.perf_counter() - begin)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    args = parser.parse_args()
    starts = [GAME.new_match(args.players, seed) for seed in range(20)]
    fast = rate(rollout, starts, args.seconds)
    slow = rate(public_path, starts, args.seconds)
    print(f"{args.players} players: rollout {fast:,.0f} games/s, public path {slow:,.0f} games/s "
          f"({fast / slow:.1f}x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
