"""Thirteen: time of legal-action generation on full 13-card hands.

Prints, for random full hands, the mean and worst time of ``legal_actions`` when leading (every
combination of the hand) and when answering a random single, pair and sequence of 3, and for a
few hand-picked worst cases. Run: ``.venv/bin/python bench/thirteen_legal.py [hands]``.
"""

from __future__ import annotations

import dataclasses
import random
import sys
import time

from engine.cards import parse_cards
from engine.thirteen import GAME, State, val_mask

HEAVY = {
    "three runs of pairs": "3S 3C 4S 4C 5S 5C 6S 6C 7S 7C 8S 8C 9S",
    "quads 3 4 5": "3S 3C 3D 3H 4S 4C 4D 4H 5S 5C 5D 5H 6S",
    "pairs 3 to 9": "3S 3H 4S 4H 5S 5H 6S 6H 7S 7H 8S 8H 9S",
}


def lead_state(hand_mask: int, table: int = 0) -> State:
    """A state where seat 0 holds ``hand_mask`` and acts on ``table`` (0: leads freely)."""
    base = GAME.new_match(4, 0)
    hands = (hand_mask, *base.hands[1:])
    return dataclasses.replace(base, hands=hands, table=table, owner=1 if table else -1, turn=0,
                               required=0, passed=0)


def timed(state: State, repeat: int = 5) -> tuple[float, int]:
    best = float("inf")
    count = 0
    for _ in range(repeat):
        start = time.perf_counter()
        count = len(GAME.legal_actions(state, 0))
        best = min(best, time.perf_counter() - start)
    return best, count


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    rng = random.Random(1)
    tables = {"lead": 0, "single 7": val_mask(parse_cards("7D")),
              "pair of 9s": val_mask(parse_cards("9S 9C")),
              "seq 5-6-7": val_mask(parse_cards("5S 6D 7C"))}
    for name, table in tables.items():
        times, counts = [], []
        for _ in range(hands):
            hand = val_mask(rng.sample(range(52), 13)) & ~table
            seconds, count = timed(lead_state(hand, table), repeat=3)
            times.append(seconds)
            counts.append(count)
        print(f"{name:>12}: mean {1e6 * sum(times) / hands:7.1f} µs, worst {1e6 * max(times):7.1f} µs,"
              f" mean {sum(counts) / hands:5.1f} actions, max {max(counts)}  ({hands} full hands)")
    for name, text in HEAVY.items():
        seconds, count = timed(lead_state(val_mask(parse_cards(text))))
        print(f"{name:>20} (lead): {1e6 * seconds:7.1f} µs for {count} actions")


if __name__ == "__main__":
    main()
