"""Thirteen playouts a second, from the position after the first play of fixed deals, played to
the game's end:

    random   the int-only ``engine.thirteen.rollout`` against random play through the public
             path (legal_actions + apply);
    normal   Hard's playout policy, ``fast_normal`` on ints (``engine.players.thirteen.playout``),
             against Normal itself through the public path (observation + normal + apply).

    python bench/thirteen_rollout.py [--seconds 2] [--players 4]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.players.thirteen import fast_normal, normal, playout  # noqa: E402
from engine.thirteen import GAME, State, classify, rollout  # noqa: E402


def public_path(state: State, rng: random.Random) -> None:
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        state = GAME.apply(state, seat, legal[int(rng.random() * len(legal))])


def public_normal(state: State, rng: random.Random) -> None:
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        state = GAME.apply(state, seat, normal(GAME.observation(state, seat), legal, rng))


def fast_playout(state: State, rng: random.Random) -> None:
    """The whole game (seat -1 never goes out), the next play chosen by the policy too."""
    shape = classify(state.table) if state.table else None
    playout(state, -1, fast_normal(state.hands, state.turn, state.table, shape, state.played))


def after_first_play(state: State) -> State:
    """The position after the match's first play (Normal's), which must hold the lowest card."""
    (seat,) = GAME.to_act(state)
    legal = GAME.legal_actions(state, seat)
    return GAME.apply(state, seat, normal(GAME.observation(state, seat), legal, random.Random()))


def rate(run: Callable[[State, random.Random], object], starts: list[State],
         seconds: float) -> float:
    rng = random.Random(1)
    done, begin = 0, time.perf_counter()
    while time.perf_counter() - begin < seconds:
        run(starts[done % len(starts)], rng)
        done += 1
    return done / (time.perf_counter() - begin)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    args = parser.parse_args()
    starts = [after_first_play(GAME.new_match(args.players, seed)) for seed in range(20)]
    for name, fast, slow in (("random", rollout, public_path),
                             ("normal", fast_playout, public_normal)):
        ints = rate(fast, starts, args.seconds)
        api = rate(slow, starts, args.seconds)
        print(f"{args.players} players, {name}: ints {ints:,.0f} games/s, public path "
              f"{api:,.0f} games/s ({ints / api:.1f}x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
