"""The shared search of the Hard players: dealing hidden cards under constraints, and choosing."""

from __future__ import annotations

import random

from engine.players.search import choose, deal_hidden


def test_deal_respects_counts_and_constraints() -> None:
    cards = list(range(12))
    counts = [3, 4, 5]
    # seat 0 holds no card below 6 (a void), seat 2 holds no odd card above 8
    allowed = lambda seat, card: not (seat == 0 and card < 6) and not (seat == 2 and card > 8 and card % 2)  # noqa: E731
    for seed in range(200):
        hands = deal_hidden(cards, counts, allowed, random.Random(seed))
        assert [len(h) for h in hands] == counts
        assert sorted(c for h in hands for c in h) == cards
        assert all(allowed(s, c) for s, h in enumerate(hands) for c in h)


def test_deal_is_random_and_repeatable() -> None:
    cards, counts = list(range(8)), [4, 4]
    deals = {tuple(map(tuple, deal_hidden(cards, counts, lambda s, c: True, random.Random(seed))))
             for seed in range(50)}
    assert len(deals) > 20
    again = deal_hidden(cards, counts, lambda s, c: True, random.Random(3))
    assert again == deal_hidden(cards, counts, lambda s, c: True, random.Random(3))


def test_deal_with_copies_of_cards() -> None:
    cards = [1, 1, 2, 2, 3, 3]  # two decks: two copies of each card
    hands = deal_hidden(cards, [3, 3], lambda s, c: not (s == 0 and c == 3), random.Random(1))
    assert sorted(hands[1]).count(3) == 2 and sorted(hands[0] + hands[1]) == cards


def test_impossible_constraints_still_deal() -> None:
    hands = deal_hidden([1, 2], [1, 1], lambda s, c: s == 0, random.Random(0))
    assert sorted(len(h) for h in hands) == [1, 1]


def test_choose_takes_the_best_mean_and_ties_go_first() -> None:
    worth = {"a": 1.0, "b": 3.0, "c": 2.0}
    best = choose(list(worth), 5, lambda rng: None, lambda w, a, rng: worth[a] + rng.random(),
                  random.Random(0))
    assert best == "b"
    assert choose(["x", "y"], 3, lambda rng: None, lambda w, a, rng: 0.0, random.Random(0)) == "x"


def test_choose_gives_each_action_the_same_luck() -> None:
    seen: dict[str, list[float]] = {"a": [], "b": []}
    def value(world: None, action: str, rng: random.Random) -> float:
        seen[action].append(rng.random())
        return 0.0
    choose(["a", "b"], 4, lambda rng: None, value, random.Random(9))
    assert seen["a"] == seen["b"]
