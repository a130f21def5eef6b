"""56 computer players in the auction: how often a table of one level passes a deal out, how
often its contracts are made, and how high it bids, at 4, 6 and 8 seats.

Deals of fixed seeds (the first dealer turning with the seed) are played with every seat at
the same level. A deal is passed out when everyone passed (28 NT for the dealer's right, §5.4);
"made" counts the contracts someone bid, apart from the passed-out ones (whose 28 NT is
nobody's choice) and with them; "doubled" the bid contracts that were doubled or redoubled;
"28s of the team on the hook" the bid 28s of the team the passed-out 28 NT would fall on.

Measured (seed 1; 240 deals for easy and normal, 40 for hard at 6 and 8 seats), before (commit
515e902) and after the team on the hook opened (issue 28); made: of bid contracts / of all deals:
    normal 4 seats: passed out 0% -> 0%, made 84%/84% -> 84%/84% (4 seats is unchanged)
    normal 6 seats: passed out 52% -> 9%, made 82%/48% -> 62%/57%, doubled 80 -> 207 of 240
    normal 8 seats: passed out 85% -> 16%, made 70%/17% -> 36%/31%
    hard   4 seats: passed out 0%, made 78% (100 deals; 4 seats plays exactly as before)
    hard   6 seats: passed out 38% -> 22%, made 76%/55% -> 61%/50%
    hard   8 seats: passed out 75% -> 65%, made 40%/15% -> 43%/18% (its search finds the
    doubled 28 of a weak hand on the hook worse than the 28 NT that hand would play)
    easy: all but never passes out (it opens with two jacks whatever the seat), unchanged
Then (issue 28 again: only the hook's last call opens, floors 18/14; Hard's fallback there is its
best 28), before -> after side by side (seed 1; 240 deals, hard 60):
    normal 6 seats: passed out 8.8% -> 10.4%, made 62%/57% -> 60%/55%
    normal 8 seats: passed out 15.8% -> 11.2%, made 36%/31% -> 26%/25%
    hard 4 seats: passed out 0% -> 0%, made 78% -> 78%
    hard 6 seats: passed out 16.7% -> 18.3% (10 -> 11 of 60), made 56%/50% -> 65%/62%
    hard 8 seats: passed out 66.7% -> 65.0% (40 -> 39 of 60), made 45%/18% -> 29%/12%
    --hook-gaps 30: at the hook's last call Hard finds passing worth -0.76 tables against its
    best 28 at 6 seats (16 calls; deciles -6.8 .. +2.4) and +2.31 at 8 (27 calls; deciles
    -0.5 .. +5.4): at 8 seats the 28 NT of a pass-out costs the team less than a doubled 28
Then (issue 28's decision, "a human table of 56 rarely passes out": on the hook Hard passes only
if that beats its best bid by HOOK_LIVELINESS, 0.75 / 4 tables at 6 / 8 seats, 0 at 4), before
-> after side by side (seed 1; hard 100 deals, every seat Hard):
    hard 4 seats: unchanged, passed out 0%, made 78%; 28s of the team on the hook 25, 6 doubled
    hard 6 seats: passed out 16% -> 9%, made 64%/59% -> 63%/60%, doubled 81 -> 87
    hard 8 seats: passed out 57% -> 6%, made 37%/20% -> 19%/18%, doubled 43 -> 94 (all)
    the same auctions by the liveliness (passed out of 100): 6 seats 0.5 -> 14, 0.75 -> 9,
    1.0 -> 5, 1.25 -> 5, 1.5 -> 4; 8 seats 3.5 -> 15, 4.0 -> 6
    normal (unchanged, 240 deals): passed out 0% / 10.4% / 11.2% at 4 / 6 / 8 seats
    the other teams' double of a 28 from the team on the hook gains each of them 2 tables when it
    falls and costs 1 when it is made, so it is right while under 2/3 of them are made: normal
    doubles every one at 6 and 8 seats, made 82/159 (52%) and 43/197 (22%); hard (after) 39/39
    at 6 seats, made 25 (64%, about even), and at 8 seats all 94 bid contracts, made 18
    --hook-gaps 120 (before; the gap the liveliness bridges): passing is worth -0.26 tables more
    than the best 28 at 6 seats (66 calls; median +0.5, deciles -3.7 .. +2.3) and +1.97 at 8 (92
    calls; median +3.1, deciles -1.1 .. +4.6)

    python bench/fifty_six_bidding.py [--deals 240] [--hard-deals 100] [--players 4 6 8]
        [--levels easy normal hard] [--seed 1] [--jobs 1] [--hook-gaps DEALS]
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.fifty_six import GAME, MIN_BID, PASS, Bid  # noqa: E402
from engine.players.fifty_six import (  # noqa: E402
    AUCTION_TRIES,
    MAX_WORLDS,
    PLAYERS,
    call_search,
    head_starts,
    hook_opens,
)
from engine.players.search import ranked  # noqa: E402

Outcome = tuple[bool, bool, int, int, bool]  # passed out, made, value, multiplier, hooked: a 28
# bid by the team the passed-out 28 NT falls on (§5.4)


def one_deal(task: tuple[str, int, int]) -> Outcome:
    level, players, seed = task
    player = PLAYERS[level]
    state = GAME.new_match(players, seed, first_dealer=seed % players, tables=100)
    rngs = [random.Random(seed * 10 + seat) for seat in range(players)]
    while not state.history:
        seat = state.turn
        action = player(GAME.observation(state, seat), GAME.legal_actions(state, seat),
                        rngs[seat])
        state = GAME.apply(state, seat, action)
    record = state.history[-1]
    c = record.contract
    hooked = not c.all_passed and c.value == MIN_BID and c.team == (record.dealer + 1) % players \
        % (players // 2)
    return c.all_passed, record.made, c.value, c.multiplier, hooked


def report(level: str, players: int, outcomes: list[Outcome]) -> str:
    bid = [o for o in outcomes if not o[0]]
    passed = len(outcomes) - len(bid)
    made_bid = sum(o[1] for o in bid)
    made_all = sum(o[1] for o in outcomes)
    mean_bid = statistics.fmean(o[2] for o in bid) if bid else float("nan")
    doubled = sum(o[3] > 1 for o in bid)
    hooked = [o for o in bid if o[4]]
    hooked_doubled = [o for o in hooked if o[3] > 1]
    return (f"{level:6} {players} seats: passed out {passed / len(outcomes):5.1%} "
            f"({passed}/{len(outcomes)}); made {made_bid / max(1, len(bid)):4.0%} of bid "
            f"contracts ({made_bid}/{len(bid)}), {made_all / len(outcomes):4.0%} with the "
            f"passed out; average bid {mean_bid:.1f}; doubled {doubled}; 28s of the team on "
            f"the hook {len(hooked)}, made {sum(o[1] for o in hooked)}, doubled "
            f"{len(hooked_doubled)} of which made {sum(o[1] for o in hooked_doubled)}")


def hook_gaps(players: int, deals: int, seed: int) -> str:
    """Hard's mean value of passing less that of its best 28, in tables for its team, at the
    last call of the team the passed-out 28 NT falls on (§5.4), no bid made yet; every seat
    Hard. Positive: the 28 NT costs the team less than a 28 in a suit, doubled as it is."""
    gaps = []
    for i in range(deals):
        deal = seed * 1_000_000 + i
        state = GAME.new_match(players, deal, first_dealer=deal % players, tables=100)
        rngs = [random.Random(deal * 10 + seat) for seat in range(players)]
        while state.phase == "auction":
            seat = state.turn
            obs, legal = GAME.observation(state, seat), GAME.legal_actions(state, seat)
            if hook_opens(obs):
                calls, sample, value = call_search(obs, legal, AUCTION_TRIES)
                starts = head_starts(obs, calls)
                means = [(c, v - starts[str(c)])  # without the head starts
                         for c, v in ranked(calls, MAX_WORLDS, sample, value, random.Random(deal))]
                pass_value = next(v for c, v in means if c == PASS)
                gaps.append(pass_value - max(v for c, v in means if isinstance(c, Bid)))
            state = GAME.apply(state, seat, PLAYERS["hard"](obs, legal, rngs[seat]))
    if len(gaps) < 2:
        return f"hard   {players} seats: the team on the hook's last call reached {len(gaps)} times"
    tenths = ", ".join(f"{q:+.1f}" for q in statistics.quantiles(gaps, n=10))
    return (f"hard   {players} seats: at the hook's last call ({len(gaps)}/{deals} deals) passing "
            f"is worth {statistics.fmean(gaps):+.2f} tables more than the best 28; deciles "
            f"{tenths}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=240)
    parser.add_argument("--hard-deals", type=int, default=100)
    parser.add_argument("--players", type=int, nargs="*", default=[4, 6, 8])
    parser.add_argument("--levels", nargs="*", default=["easy", "normal", "hard"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--hook-gaps", type=int, default=0, metavar="DEALS",
                        help="only print what Hard's passing on the hook is worth, over DEALS")
    args = parser.parse_args()
    if args.hook_gaps:
        for players in args.players:
            print(hook_gaps(players, args.hook_gaps, args.seed), flush=True)
        return
    for level in args.levels:
        deals = args.hard_deals if level == "hard" else args.deals
        for players in args.players:
            tasks = [(level, players, args.seed * 1_000_000 + i) for i in range(deals)]
            if args.jobs > 1:
                with multiprocessing.Pool(args.jobs) as pool:
                    outcomes = pool.map(one_deal, tasks, chunksize=2)
            else:
                outcomes = [one_deal(t) for t in tasks]
            print(report(level, players, outcomes), flush=True)


if __name__ == "__main__":
    main()
