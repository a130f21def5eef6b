"""The drawn replay's figures (issue 26): for the first deals of a match Normal plays in each game,
the page's payload of a whole deal (``bot.web.replay.deal_payload``: every step's frame) in bytes,
as JSON and gzipped (the server compresses it), and the time to build it from the seed and log
(the deal replayed through the engine, then every frame drawn), p50 and max, for a viewer
seated during the match (their hand only) and for a finished match (every hand face up).

    python bench/replay_page.py [--deals 3] [--repeats 5] [--games hearts,king]
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.coach.replay import Source, all_deals, deal_frames
from bot.views import Context
from bot.web.replay import deal_payload
from engine import GAME_NAMES, find_game  # noqa: E402
from engine.players import player_for  # noqa: E402

SEED = 4


def normal_log(name: str, players: int, deals: int) -> list[tuple[int, str]]:
    """The log of a match Normal plays, up to the end of its ``deals``-th deal."""
    game, normal, rng = find_game(name), player_for("normal", name), random.Random(SEED)
    state, log = game.new_match(players, SEED), []
    while not game.is_over(state) and len(game.public_observation(state).history) < deals:
        seat = min(game.to_act(state))
        action = normal(game.observation(state, seat), game.legal_actions(state, seat), rng)
        log.append((seat, str(action)))
        state = game.apply(state, seat, action)
    return log


def measure(name: str, deals: int, repeats: int) -> None:
    game, players = find_game(name), 4
    log = normal_log(name, players, deals)
    names = tuple(f"Player {i + 1}" for i in range(players))
    done = len(list(all_deals(game, players, SEED, log, {})))
    for label, seat, face_up in (("seat 0, match on", 0, False), ("face up", None, True)):
        source = Source("t", 1, name, players, {}, SEED, log, names, done, seat, face_up)
        sizes, zipped, steps, times = [], [], [], []
        for number in range(1, done + 1):
            for _ in range(repeats):
                start = time.perf_counter()
                deal = deal_frames(game, players, SEED, log, {}, number)
                body = json.dumps(deal_payload(source, deal, Context("hy", 0, 0, names, name)),
                                  ensure_ascii=False, separators=(",", ":")).encode()
                times.append(time.perf_counter() - start)
            sizes.append(len(body))
            zipped.append(len(gzip.compress(body)))
            steps.append(len(deal.moves))
        print(f"{name:<11} {label:<17} deals {done}  steps {statistics.mean(steps):5.1f}  "
              f"JSON {statistics.mean(sizes) / 1024:6.1f} KiB  gzip "
              f"{statistics.mean(zipped) / 1024:5.1f} KiB  build p50 "
              f"{statistics.median(times) * 1000:6.1f} ms  max {max(times) * 1000:6.1f} ms",
              flush=True)


def arguments(doc: str) -> argparse.Namespace:
    """--deals, --repeats, --games (this bench's and bench/replay_steps.py's)."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--games", default=",".join(GAME_NAMES))
    return parser.parse_args()


def main() -> None:
    args = arguments(__doc__)
    for name in args.games.split(","):
        measure(name, args.deals, args.repeats)


if __name__ == "__main__":
    main()
