"""Thirteen: time of legal-action generation on full 13-card hands.

For random full hands, one ``legal_actions`` call when leading (every combination of the hand) and
when answering a single, a pair and a sequence of 3; then a few hand-picked hands with hundreds of
combinations. "cold" empties the shared action cache first (every Combo is built), "warm" is the
best of two more calls. Medians, because a busy machine adds scheduler pauses of milliseconds.
Run: ``.venv/bin/python bench/thirteen_legal.py [hands]``.
"""

from __future__ import annotations

import dataclasses
import gc
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import thirteen  # noqa: E402
from engine.cards import parse_cards  # noqa: E402
from engine.thirteen import GAME, State, val_mask  # noqa: E402

HEAVY = {
    "pairs 3-8 and a 9": "3S 3C 4S 4C 5S 5C 6S 6C 7S 7C 8S 8C 9S",
    "quads 3 4 5": "3S 3C 3D 3H 4S 4C 4D 4H 5S 5C 5D 5H 6S",
    "pairs 3-9, one card each": "3S 3H 4S 4H 5S 5H 6S 6H 7S 7H 8S 8H 9S",
}


def acting_state(hand_mask: int, table: int = 0) -> State:
    """A state where seat 0 holds ``hand_mask`` and acts on ``table`` (0: leads freely)."""
    base = GAME.new_match(4, 0)
    hands = (hand_mask, *base.hands[1:])
    return dataclasses.replace(base, hands=hands, table=table, owner=1 if table else -1, turn=0,
                               required=0, passed=0)


def timed(state: State) -> tuple[float, float, int]:
    """Cold and warm seconds of one call, and the number of actions."""
    thirteen._COMBO_CACHE.clear()
    start = time.perf_counter()
    count = len(GAME.legal_actions(state, 0))
    cold = time.perf_counter() - start
    warm = float("inf")
    for _ in range(2):
        start = time.perf_counter()
        GAME.legal_actions(state, 0)
        warm = min(warm, time.perf_counter() - start)
    return cold, warm, count


def main() -> None:
    gc.disable()  # time the generation, not the collector
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    rng = random.Random(1)
    tables = {"lead": "", "single 7♦": "7D", "pair of 9s": "9S 9C", "seq 5-6-7": "5S 6D 7C"}
    print(f"{hands} random full hands; µs per legal_actions call (median cold / warm, mean cold)")
    for name, text in tables.items():
        table = val_mask(parse_cards(text))
        colds, warms, counts = [], [], []
        for _ in range(hands):
            hand = val_mask(rng.sample(range(52), 13)) & ~table
            cold, warm, count = timed(acting_state(hand, table))
            colds.append(cold)
            warms.append(warm)
            counts.append(count)
        print(f"{name:>12}: {1e6 * statistics.median(colds):6.1f} / "
              f"{1e6 * statistics.median(warms):6.1f}, mean {1e6 * statistics.mean(colds):6.1f};"
              f" {statistics.mean(counts):5.1f} actions on average, at most {max(counts)}")
    for name, text in HEAVY.items():
        cold, warm, count = timed(acting_state(val_mask(parse_cards(text))))
        print(f"{name:>26}: {count} actions when leading, cold {1e6 * cold:6.1f} µs,"
              f" warm {1e6 * warm:6.1f} µs")


if __name__ == "__main__":
    main()
