"""Engine speed: random full matches, deals and actions per second through the public Game API,
plus the int-only rollout path where a game has one. Median of several runs, printed as a table.
Rates are per second of this process's CPU time (``time.process_time``).

When OpenSpiel's ``pyspiel`` imports (it is not a dependency: install ``open_spiel`` in a scratch
venv beside this project), Hearts is also raced against OpenSpiel's Hearts, the runs interleaved
in this one process (see ``bench/openspiel_hearts.py`` for what is compared and how).

    python bench/engine_speed.py [--seconds 1.0] [--runs 5] [--games hearts,king] [--no-openspiel]

Issue 28 (the Hearts API made faster: suit plays in lists, lazy next deal, fixed deals and first
dealers kept), the pure engine before/after on the same random matches: instructions (valgrind
callgrind, import subtracted) hearts 0.96, king 0.97, bazar_blot 0.98, fifty_six 0.99 / 0.98 /
0.99 (4 / 6 / 8), thirteen 1.00 (it uses none of it); actions a second, ``random_matches`` run
alternately in one process (0.5 s, 6 runs, median): hearts 1.03, king 1.03, bazar_blot 1.02,
fifty_six 1.03 / 1.01 / 0.97, thirteen 0.97 / 0.97 / 1.01, the noise of a shared machine. A
whole match deals every deal, so the lazy deal saves nothing here; see
``bench/openspiel_hearts.py`` for the API figures.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import GAME_NAMES, find_game  # noqa: E402


def _deals(game: Any, state: Any) -> int:
    return len(game.public_observation(state).history) or 1


def random_matches(game: Any, players: int, seconds: float) -> tuple[float, float, float]:
    """Matches, deals and actions per second of uniformly random legal play."""
    matches = deals = actions = 0
    rng = random.Random(1)
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_match(players, rng.randrange(1 << 30))
        while not game.is_over(state):
            seat = min(game.to_act(state))
            legal = game.legal_actions(state, seat)
            state = game.apply(state, seat, legal[int(rng.random() * len(legal))])
            actions += 1
        matches += 1
        deals += _deals(game, state)
    elapsed = time.process_time() - start
    return matches / elapsed, deals / elapsed, actions / elapsed


def rollouts(module: Any, game: Any, players: int, seconds: float) -> float | None:
    """Rollouts per second from the start of play to the end of a deal, if the game has them."""
    rollout = getattr(module, "rollout", None)
    start_of_play = getattr(module, "start_of_play", None)
    if rollout is None or start_of_play is None:
        return None
    rng = random.Random(2)
    states = [start_of_play(game.new_match(players, seed)) for seed in range(50)]
    done = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for state in states:
            rollout(state, rng)
        done += len(states)
    return done / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one run")
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (median shown)")
    parser.add_argument("--games", default=",".join(GAME_NAMES))
    parser.add_argument("--no-openspiel", action="store_true", help="skip the OpenSpiel race")
    args = parser.parse_args()
    print(f"{'game':<16}{'players':>8}{'matches/s':>12}{'deals/s':>12}{'actions/s':>12}"
          f"{'rollouts/s':>12}")
    for name in args.games.split(","):
        game = find_game(name)
        module = sys.modules[type(game).__module__]
        for players in game.sizes:
            runs = [random_matches(game, players, args.seconds) for _ in range(args.runs)]
            m, d, a = (statistics.median(r[i] for r in runs) for i in range(3))
            roll = [rollouts(module, game, players, args.seconds) for _ in range(args.runs)]
            r = "-" if roll[0] is None else f"{statistics.median(x or 0 for x in roll):,.0f}"
            print(f"{name:<16}{players:>8}{m:>12,.1f}{d:>12,.0f}{a:>12,.0f}{r:>12}")
    if "hearts" in args.games.split(",") and not args.no_openspiel:
        from openspiel_hearts import race  # noqa: E402 (the bench folder is on sys.path)
        race(args.seconds, args.runs)


if __name__ == "__main__":
    main()
