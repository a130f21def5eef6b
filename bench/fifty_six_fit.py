"""Fit the bidding model of the normal 56 player (engine/players/fifty_six.py ``WEIGHTS``).

Deals of fixed seeds are played out by normal players with a contract forced on one seat (it
bids 28 in the denomination, everyone else passes): the card points its team takes, against
the features of its hand, give the weights by least squares, one model per player count and
for suits and no trumps apart. Prints the WEIGHTS table to paste.

    python bench/fifty_six_fit.py [--deals 300] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.fifty_six import GAME, NT, PASS, Bid, State  # noqa: E402
from engine.players.fifty_six import features, normal  # noqa: E402


def forced(players: int, seed: int, declarer: int, denom: int) -> State:
    state = GAME.new_match(players, seed, first_dealer=0)
    while state.turn != declarer:
        state = GAME.apply(state, state.turn, PASS)
    state = GAME.apply(state, declarer, Bid(28, denom))
    while state.phase == "auction":
        state = GAME.apply(state, state.turn, PASS)
    return state


def play_out(state: State, rng: random.Random) -> tuple[int, ...]:
    deal = state.deal_no
    while state.deal_no == deal and state.phase != "over":
        seat = state.turn
        state = GAME.apply(state, seat, normal(GAME.observation(state, seat),
                                               GAME.legal_actions(state, seat), rng))
    return state.history[-1].points


def solve(rows: list[tuple[float, ...]], ys: list[float], ridge: float = 1.0) -> list[float]:
    """Least squares with a little ridge, by Gaussian elimination on the normal equations."""
    m = len(rows[0])
    a = [[sum(r[i] * r[j] for r in rows) + (ridge if i == j and i else 0.0) for j in range(m)]
         for i in range(m)]
    b = [sum(r[i] * y for r, y in zip(rows, ys, strict=True)) for i in range(m)]
    for i in range(m):
        if abs(a[i][i]) < 1e-9:
            a[i][i] = 1e-9 + ridge
        for j in range(i + 1, m):
            f = a[j][i] / a[i][i]
            for c in range(i, m):
                a[j][c] -= f * a[i][c]
            b[j] -= f * b[i]
    x = [0.0] * m
    for i in reversed(range(m)):
        x[i] = (b[i] - sum(a[i][c] * x[c] for c in range(i + 1, m))) / a[i][i]
    return x


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, nargs="*", default=[4, 6, 8])
    args = parser.parse_args()
    rng = random.Random(args.seed)
    for players in args.players:
        for nt in (False, True):
            rows, ys = [], []
            for i in range(args.deals):
                seed = args.seed * 100_000 + i
                declarer = rng.randrange(players)
                denom = NT if nt else rng.randrange(4)
                state = forced(players, seed, declarer, denom)
                hand = GAME.hands(state)[declarer]
                points = play_out(state, random.Random(seed))
                rows.append(features(hand, denom))
                ys.append(points[declarer % (players // 2)])
            w = solve(rows, ys)
            mean = sum(ys) / len(ys)
            fitted = [sum(a * b for a, b in zip(w, r, strict=True)) for r in rows]
            sse = sum((y - f) ** 2 for y, f in zip(ys, fitted, strict=True))
            sst = sum((y - mean) ** 2 for y in ys)
            print(f"    ({players}, {nt}): ({', '.join(f'{v:.1f}' for v in w)}),"
                  f"  # mean {mean:.1f}, R2 {1 - sse / sst:.2f}, rmse {(sse / len(ys)) ** 0.5:.1f}")


if __name__ == "__main__":
    main()
