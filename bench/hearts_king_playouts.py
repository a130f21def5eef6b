"""Playouts a second for Hearts and King, from the start of play to the end of a deal: the random
int rollout (``engine.<game>.rollout``), the Hard player's playout with Normal's rules on ints
(``engine.players.<game>.playout``), and Normal through the public API (observation, player,
apply), which is what a search would pay without the int path.

    python bench/hearts_king_playouts.py [--deals 200]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import hearts, king  # noqa: E402
from engine.players import hearts as hearts_players  # noqa: E402
from engine.players import king as king_players  # noqa: E402


def rate(states: list[Any], run: Callable[[Any], object]) -> float:
    """Deals a second of this process's CPU time (the figure of a core of its own)."""
    start = time.process_time()
    for state in states:
        run(state)
    return len(states) / (time.process_time() - start)


def public_api(game: Any, player: Callable[..., Any], deal_over: Callable[[Any], bool]
               ) -> Callable[[Any], object]:
    def run(state: Any) -> object:
        rng = random.Random(0)
        while not deal_over(state):
            seat = min(game.to_act(state))
            obs = game.observation(state, seat)
            state = game.apply(state, seat, player(obs, game.legal_actions(state, seat), rng))
        return state
    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    args = parser.parse_args()
    rng = random.Random(1)
    hs = [hearts.start_of_play(hearts.GAME.new_match(4, s)) for s in range(args.deals)]
    ks = [king.start_of_play(king.GAME.new_match(4, s, contracts=king.DEFAULT_ORDER[s % 12]))
          for s in range(args.deals)]
    rows = {
        "hearts": (
            rate(hs, lambda s: hearts.rollout(s, rng)),
            rate(hs, lambda s: hearts_players.playout(list(s.hands), [0] * 4, (), s.leader,
                                                       False, 0, -1)),
            rate(hs[: args.deals // 4], public_api(hearts.GAME, hearts_players.normal,
                                                   lambda s: bool(s.results)))),
        "king": (
            rate(ks, lambda s: king.rollout(s, rng)),
            rate(ks, lambda s: king_players.playout(s.order[0], s.trump, list(s.hands), [0] * 4,
                                                     [], [], s.turn, -1)),
            rate(ks[: args.deals // 4], public_api(king.GAME, king_players.normal,
                                                   lambda s: bool(s.history)))),
    }
    print(f"{'game':<8}{'random int':>12}{'normal int':>12}{'normal API':>12}  (deals a CPU second)")
    for name, (a, b, c) in rows.items():
        print(f"{name:<8}{a:>12,.0f}{b:>12,.0f}{c:>12,.0f}")


if __name__ == "__main__":
    main()
