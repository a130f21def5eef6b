"""Computer players' decision time: p50 and p99 per game, player count and level, on one core.

Positions come from uniformly random legal play through the public API (a fresh match every
``--per-match`` decisions, so the early positions of a deal, where a search has most to do, are
well represented). At each position every level of the game decides once, and only the player's
call is timed (building the observation, which the bot does anyway, is not), both on the wall
clock and in CPU time of this process: on a machine shared with other work the CPU time is what
the call would take on a core of its own. A level's generator is seeded by the position, so a run
is repeatable.

    python bench/ai_latency.py [--decisions 300] [--games hearts,king] [--per-match 80] [--seed 1]
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import GAME_NAMES, find_game  # noqa: E402
from engine.players import Player, random_player  # noqa: E402


def levels_of(name: str) -> dict[str, Player]:
    players: dict[str, Player] = importlib.import_module(f"engine.players.{name}").PLAYERS
    return players


def measure(game: Any, players: int, levels: dict[str, Player], decisions: int,
            per_match: int, seed: int) -> dict[str, tuple[list[float], list[float]]]:
    """Seconds each level took at each of ``decisions`` random positions: wall clock, CPU."""
    times: dict[str, tuple[list[float], list[float]]] = {level: ([], []) for level in levels}
    rng = random.Random(seed)
    state, left = None, 0
    for position in range(decisions):
        if state is None or game.is_over(state) or not left:
            state, left = game.new_match(players, rng.randrange(1 << 30)), per_match
        seat = min(game.to_act(state))
        legal = game.legal_actions(state, seat)
        obs = game.observation(state, seat)
        for level, player in levels.items():
            start, cpu = time.perf_counter(), time.process_time()
            player(obs, legal, random.Random(seed * 1_000_003 + position))
            times[level][0].append(time.perf_counter() - start)
            times[level][1].append(time.process_time() - cpu)
        state = game.apply(state, seat, random_player(obs, legal, rng))
        left -= 1
    return times


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=300, help="positions per game and size")
    parser.add_argument("--games", default=",".join(GAME_NAMES))
    parser.add_argument("--per-match", type=int, default=80, help="positions before a new match")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'game':<12}{'players':>8}  {'level':<8}{'decisions':>10}{'p50 ms':>9}{'p99 ms':>9}"
          f"{'max ms':>9}{'cpu p50':>9}{'cpu p99':>9}")
    for name in args.games.split(","):
        game = find_game(name)
        for players in game.sizes:
            times = measure(game, players, levels_of(name), args.decisions, args.per_match,
                            args.seed)
            for level, (wall, cpu) in times.items():
                figures = (percentile(wall, 0.5), percentile(wall, 0.99), max(wall),
                           percentile(cpu, 0.5), percentile(cpu, 0.99))
                print(f"{name:<12}{players:>8}  {level:<8}{len(wall):>10}"
                      + "".join(f"{x * 1000:>9.2f}" for x in figures), flush=True)


if __name__ == "__main__":
    main()
