"""Our Hearts raced against OpenSpiel's (``pyspiel``, PyPI ``open_spiel`` 2.0.2), in one process
with the runs interleaved, on the same deals. OpenSpiel is not a dependency of this project:

    python3 -m venv /tmp/osvenv && /tmp/osvenv/bin/pip install open_spiel==2.0.2
    /tmp/osvenv/bin/python bench/openspiel_hearts.py [--seconds 1.0] [--runs 5]

(``bench/engine_speed.py`` runs the same race after its table when ``pyspiel`` imports.)

The rules: OpenSpiel's ``hearts`` with ``qs_breaks_hearts=false`` plays one deal of ours
(shared/rules/hearts.md §11; its other defaults are ours: cards passed, the 2♣ leads, no points on
the first trick, hearts must be broken, no J♦ bonus, no bonus for taking no trick, the Q♠ led
rather than a heart). OpenSpiel picks the pass direction by chance; we give it left, as our first
deal passes. What differs: OpenSpiel plays one deal, ours a match (the deal's end scores it into
the match and deals the next one, which the API figure pays for); a pass is one action of three
cards for us, three actions of one card for OpenSpiel; OpenSpiel's states change in place, ours
are values (``apply`` returns a new state).

What is timed, a second of CPU time a run:
- API, random deals a second: ours ``new_match(4, seed, deal=[four card strings])`` then uniformly
  random legal actions (``to_act``, ``legal_actions``, ``apply``) until the deal is scored;
  OpenSpiel ``new_initial_state()``, the pass direction and the 52 dealing chance actions of the
  same deal applied, then uniformly random legal actions (``legal_actions``, ``apply_action``)
  until the state is terminal. Both driven from Python.
- Rollouts a second from the same start-of-play positions (the same hands after the same
  passes): ours ``engine.hearts.rollout`` (Python); OpenSpiel ``evaluate_bots`` on a clone with
  four uniform random bots (C++ from the call on).

Measured (issue 28; 2 cores shared with other work, ``--seconds 1 --runs 3``, the four builds
alternated twice in one session; API ratio, medians of each run's): pure Python 0.40 / 0.42
before, 0.44 / 0.54 after; the mypyc build (``tools/compiled_engine.py run``) 0.61 / 0.69
before, 1.23 / 1.07 after (19,000 deals a second against OpenSpiel's 15,700-19,300); in two
other sessions the same day 1.18 / 1.23 and, on a loaded machine, 1.02 / 1.01: at or a little
above OpenSpiel, not far above. What it took: a
suit's plays found in lists by rank mask, not in a dict keyed by card mask (whose higher suits
hashed alike and collided); a fixed deal read once (``parse_hands``); the first dealer kept by
seed (``core.first_dealer``: every deal here is seed 0); the next deal, when it opens with a
pass, shuffled when first looked at, so the move that scores a deal no longer pays ~13 µs for
the next one. Where the compiled deal's ~45 µs now go: ~20 µs in the engine (4 passes ~3.4,
51 plays ~0.27 each for ``apply``, ``legal_actions`` and ``to_act``, ~1 µs to start and score)
and ~25 µs in the caller's loop (its calls, ``min`` over ``to_act``'s set, the random index).
Rollouts (code unchanged): 0.82 / 0.85 -> 0.86 / 0.89 pure, 1.57 / 1.52 -> 1.60 / 1.60
compiled, the noise of a shared machine.

Seed 0 throughout is kind to us: the first dealer's memo always hits. ``--fresh-seeds`` gives every
deal a new seed, as at real tables. Compiled, alternated with the default on a quiet machine
(``--runs 5``, three pairs): seed 0 1.17 / 1.17 / 1.13, fresh seeds **1.05 / 1.04 / 1.05**; two
shorter pairs before them (``--runs 3``): 0.90 / 1.19 and 0.90 / 0.96.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import hearts  # noqa: E402
from engine.cards import CARDS, cards_of  # noqa: E402

PASS_LEFT = 1  # OpenSpiel's PassDir: 0 none, 1 left, 2 across, 3 right
DEALS = 100


def spiel_card(card: int) -> int:
    """Our card (suit * 13 + rank) as OpenSpiel's action (rank * 4 + suit, suits C D H S)."""
    return card % 13 * 4 + card // 13


def dealing(hands: Sequence[int]) -> list[int]:
    """OpenSpiel's 52 dealing actions for our hands: its k-th card dealt goes to player k % 4."""
    held = [cards_of(h) for h in hands]
    return [spiel_card(held[k % 4][k // 4]) for k in range(52)]


def our_deals(count: int) -> list[list[str]]:
    """``count`` shuffled deals as the four card strings ``new_match(deal=…)`` reads."""
    rng = random.Random(1)
    deals = []
    for _ in range(count):
        cards = list(range(52))
        rng.shuffle(cards)
        deals.append([" ".join(str(CARDS[c]) for c in cards[s::4]) for s in range(4)])
    return deals


def our_deal(deal: list[str], rng: random.Random, seed: int = 0) -> None:
    game = hearts.GAME
    state = game.new_match(4, seed, deal=deal)
    rand = rng.random
    while not state.match.results:
        seat = min(game.to_act(state))
        legal = game.legal_actions(state, seat)
        state = game.apply(state, seat, legal[int(rand() * len(legal))])


def spiel_deal(game: Any, dealt: list[int], rng: random.Random) -> None:
    state = game.new_initial_state()
    state.apply_action(PASS_LEFT)
    for action in dealt:
        state.apply_action(action)
    rand = rng.random
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[int(rand() * len(legal))])


def spiel_start(game: Any, ours: hearts.State) -> Any:
    """OpenSpiel's state at the start of play of our deal: the same hands, the same passes."""
    state = game.new_initial_state()
    state.apply_action(PASS_LEFT)
    for action in dealing(ours.match.dealt):
        state.apply_action(action)
    for seat in range(4):
        for card in cards_of(ours.match.passed[seat]):
            state.apply_action(spiel_card(card))
    assert state.current_player() == ours.leader, "the same 2♣ holder leads"
    return state


def rate(run: Callable[[Any], object], items: Sequence[Any], seconds: float) -> float:
    """Items a second of CPU time, going round ``items`` for ``seconds``."""
    done = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for item in items:
            run(item)
        done += len(items)
    return done / (time.process_time() - start)


def race(seconds: float, runs: int, fresh_seeds: bool = False) -> None:
    """Print the interleaved runs and the medians; nothing if ``pyspiel`` does not import.
    ``fresh_seeds``: every deal of ours a new match seed, as at a real table (the first dealer,
    drawn from the seed, is then never a memo's), rather than seed 0 throughout."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        print("\n(OpenSpiel race skipped: pyspiel does not import)")
        return
    game = pyspiel.load_game("hearts", {"qs_breaks_hearts": False})
    deals = our_deals(DEALS)
    dealt = [dealing(hearts.GAME.new_match(4, 0, deal=d).match.dealt) for d in deals]
    starts = [hearts.start_of_play(hearts.GAME.new_match(4, 0, deal=d)) for d in deals[:50]]
    spiel_starts = [spiel_start(game, s) for s in starts]
    bots = [pyspiel.make_uniform_random_bot(p, 5 + p) for p in range(4)]
    rng = random.Random(2)
    seeds = itertools.count(1) if fresh_seeds else itertools.repeat(0)
    rows = []
    for _ in range(runs):
        row = (rate(lambda d: our_deal(d, rng, next(seeds)), deals, seconds),
               rate(lambda d: spiel_deal(game, d, rng), dealt, seconds),
               rate(lambda s: hearts.rollout(s, rng), starts, seconds),
               rate(lambda s: pyspiel.evaluate_bots(s.clone(), bots, 3), spiel_starts, seconds))
        rows.append(row)
    print(f"\nHearts against OpenSpiel {getattr(pyspiel, '__version__', '')} (hearts, "
          "qs_breaks_hearts=false, pass left), a CPU second, runs interleaved")
    print(f"{'run':<8}{'API ours':>10}{'OpenSpiel':>11}{'ratio':>7}"
          f"{'rollout ours':>14}{'OpenSpiel C++':>15}{'ratio':>7}")
    for i, (a, b, c, d) in enumerate(rows, 1):
        print(f"{i:<8}{a:>10,.0f}{b:>11,.0f}{a / b:>7.2f}{c:>14,.0f}{d:>15,.0f}{c / d:>7.2f}")
    med = [statistics.median(r[i] for r in rows) for i in range(4)]
    ratios = (statistics.median(r[0] / r[1] for r in rows),
              statistics.median(r[2] / r[3] for r in rows))
    print(f"{'median':<8}{med[0]:>10,.0f}{med[1]:>11,.0f}{ratios[0]:>7.2f}"
          f"{med[2]:>14,.0f}{med[3]:>15,.0f}{ratios[1]:>7.2f}")
    print("(API: random deals a second through each public API from Python; rollout: random "
          "play from the start of play to the end of the deal)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="length of one run")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--fresh-seeds", action="store_true",
                        help="a new match seed for every deal of ours (else seed 0)")
    args = parser.parse_args()
    race(args.seconds, args.runs, args.fresh_seeds)


if __name__ == "__main__":
    main()
