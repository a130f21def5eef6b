"""Hearts computer players: strength and decision time (shared/rules/hearts.md §9.2, §9.3).

Duplicate rounds: every deal is played four times with one seat each of easy, normal, hard and
random, the seating rotated so each level holds each of the four hands once. Luck of the cards then
cancels out, and the mean points per round compare the levels (lower is better; the spec expects
hard <= normal <= easy). Pass directions cycle left, right, across, none over the deals.

With ``--field LEVEL`` each of easy, normal and hard instead plays alone against three players of
LEVEL, in each seat in turn over the same deals: its strength against a fixed field. The two
differ for hard: its moon defence spares every non-shooter at the table, the normal player beside
it included, while hard alone pays for it, so a mixed table understates it.

With ``--versus normal`` (the figure of issue 17) hard alone plays against three normal players in
each seat in turn, and normal in the same seat of the all-normal table is its reference: the margin
of a deal set is normal's points minus hard's, a seat's mean over the four seats (higher is better
for hard), reported with a 99% confidence interval. ``--samples`` and ``--pass-samples`` set hard's
budget (sampled worlds a card, a pass; 0 passes by Normal's rule).

    python bench/ai_strength.py [--rounds 400] [--seconds 120] [--seed 1] [--field normal]
With ``--samplers`` hard as it is and hard drawing its worlds the way it did before issue 28
(``deal_hidden``, a card at a time) each play alone against three normal players, in each seat
of the same deals with the same seeds: the mean of the old one's points minus the new one's
(higher is better for the new), a 99% confidence interval, and each one's CPU a decision.

Decision times are CPU time of this process (``time.process_time``), not wall-clock time, so
that other work on a shared machine does not count.

    python bench/ai_strength.py --versus normal [--rounds 300] [--samples 24] [--pass-samples 24]
    python bench/ai_strength.py --samplers [--rounds 200] [--samples 40 --old-samples 32]
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

from engine.cards import mask_of  # noqa: E402
from engine.hearts import GAME, State  # noqa: E402
from engine.players import Player, random_player  # noqa: E402
from engine.players.hearts import (  # noqa: E402
    FULL,
    HARD_SAMPLES,
    PASS_SAMPLES,
    PLAYERS,
    Known,
    make_hard,
)
from engine.players.search import deal_hidden  # noqa: E402

LEVELS: dict[str, Player] = {**PLAYERS, "random": random_player}
NAMES = list(LEVELS)
PASS_ROUND = {"left": 1, "right": 2, "across": 3}
Z99 = 2.5758


def new_deal(seed: int, direction: str) -> State:
    """The deal of ``seed`` with the given pass direction. The direction follows the round number,
    so a right or across deal is the round-1 state renumbered before anyone has acted."""
    if direction == "none":
        return GAME.new_match(4, seed, passing=False)
    state = GAME.new_match(4, seed).copy()
    state.set_match(round=PASS_ROUND[direction])
    return state


def play_deal(state: State, seating: list[str], seed: int,
              timings: dict[str, list[float]]) -> tuple[int, ...]:
    """Play one deal to its end; the points of each seat (the moon rule applied)."""
    rngs = [random.Random(seed * 4 + seat) for seat in range(4)]
    while not state.results:
        seat = min(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        obs = GAME.observation(state, seat)
        start = time.process_time()
        action = LEVELS[seating[seat]](obs, legal, rngs[seat])
        timings[seating[seat]].append(time.process_time() - start)
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


def versus_round(field: str, state_of: Callable[[], State], seed: int,
                 timings: dict[str, list[float]]) -> float:
    """Hard in each seat against three ``field`` players, against ``field`` in that seat of the
    all-``field`` table: the field's points minus hard's, a seat's mean."""
    reference = play_deal(state_of(), [field] * 4, seed, timings)
    margin = 0
    for seat in range(4):
        seating = [field] * 4
        seating[seat] = "hard"
        margin += reference[seat] - play_deal(state_of(), seating, seed, timings)[seat]
    return margin / 4


def by_card(known: Known, rng: random.Random) -> list[int]:
    """Hard's worlds before issue 28: ``deal_hidden`` over card lists, the most constrained
    card first, each to a seat weighted by its room left."""
    unseen = [c for c in range(52) if (FULL & ~known.hand & ~known.gone) >> c & 1]
    allowed = known.allowed
    dealt = deal_hidden(unseen, known.counts, lambda s, c: bool(allowed[s] >> c & 1), rng)
    hands = [mask_of(cards) for cards in dealt]
    hands[known.seat] = known.hand
    return hands


def samplers(args: argparse.Namespace) -> int:
    """Hard's worlds drawn as now against as before, on the same deals and seeds."""
    LEVELS["hard"] = make_hard(args.samples, args.pass_samples)
    LEVELS["old"] = make_hard(args.old_samples or args.samples, args.pass_samples, sampler=by_card)
    timings: dict[str, list[float]] = {name: [] for name in [*NAMES, "old"]}
    directions = ("left", "right", "across", "none")
    diffs: list[float] = []
    started = time.perf_counter()
    while len(diffs) < args.rounds and time.perf_counter() - started < args.seconds:
        done = len(diffs)
        seed = args.seed * 1_000_000 + done
        state_of = partial(new_deal, seed, directions[done % 4])
        diff = 0
        for seat in range(4):
            for name, sign in (("hard", -1), ("old", 1)):
                seating = ["normal"] * 4
                seating[seat] = name
                diff += sign * play_deal(state_of(), seating, seed, timings)[seat]
        diffs.append(diff / 4)
    mean = statistics.fmean(diffs)
    half = Z99 * statistics.stdev(diffs) / len(diffs) ** 0.5
    print(f"hard ({args.samples} worlds a card, uniform over the allowed deals) vs hard "
          f"({args.old_samples or args.samples} worlds a card, dealt a card at a time), "
          f"each alone against three normal: {mean:+.2f} points a deal in the new one's favour, "
          f"99% CI [{mean - half:+.2f}, {mean + half:+.2f}] over {len(diffs)} deals x 4 seats "
          f"({time.perf_counter() - started:.0f} s)")
    for name in ("hard", "old"):
        times = timings[name]
        print(f"{name}: CPU a decision p50 {percentile(times, 0.5) * 1000:.2f} ms, "
              f"p99 {percentile(times, 0.99) * 1000:.2f} ms, max {max(times) * 1000:.2f} ms "
              f"over {len(times)}")
    return 0


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def versus(args: argparse.Namespace) -> int:
    LEVELS["hard"] = make_hard(args.samples, args.pass_samples)
    timings: dict[str, list[float]] = {name: [] for name in NAMES}
    directions = ("left", "right", "across", "none")
    margins: list[float] = []
    started = time.perf_counter()
    while len(margins) < args.rounds and time.perf_counter() - started < args.seconds:
        done = len(margins)
        seed = args.seed * 1_000_000 + done
        state_of = partial(new_deal, seed, directions[done % 4])
        margins.append(versus_round(args.versus, state_of, seed, timings))
    mean = statistics.fmean(margins)
    half = Z99 * statistics.stdev(margins) / len(margins) ** 0.5
    print(f"hard ({args.samples} worlds a card, {args.pass_samples} a pass) vs {args.versus}: "
          f"{mean:+.2f} points a deal in hard's favour, 99% CI [{mean - half:+.2f}, "
          f"{mean + half:+.2f}] over {len(margins)} duplicate deal sets "
          f"({time.perf_counter() - started:.0f} s)")
    for name in ("hard", args.versus):
        times = timings[name]
        print(f"{name}: decision p50 {percentile(times, 0.5) * 1000:.2f} ms, "
              f"p99 {percentile(times, 0.99) * 1000:.2f} ms, max {max(times) * 1000:.2f} ms "
              f"over {len(times)}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=400, help="duplicate rounds (deals)")
    parser.add_argument("--seconds", type=float, default=120.0, help="stop early after this")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--field", choices=NAMES, help="play each level against three of these")
    parser.add_argument("--versus", choices=NAMES, help="hard alone against three of these")
    parser.add_argument("--samplers", action="store_true",
                        help="hard's worlds now against before issue 28, on the same deals")
    parser.add_argument("--samples", type=int, default=HARD_SAMPLES)
    parser.add_argument("--pass-samples", type=int, default=PASS_SAMPLES)
    parser.add_argument("--old-samples", type=int, default=0,
                        help="with --samplers: the old sampler's worlds a card (default --samples)")
    args = parser.parse_args()
    if args.versus:
        return versus(args)
    if args.samplers:
        return samplers(args)

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
