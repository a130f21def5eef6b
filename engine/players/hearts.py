"""Hearts computer players, per ``shared/rules/hearts.md`` §9: easy, normal and hard.

A player is ``choose(observation, legal, rng) -> action``. It sees only its seat's Observation
(§9.1); whatever it "remembers" (cards played, voids, who took points) is read again from the
public history ``observation.tricks`` + ``observation.trick`` at every decision, so a player keeps
no state between calls.

Cards are ints (``suit * 13 + rank_index``, suits C D H S); within one suit a higher int is a higher
card, which the follow and discard rules below rely on.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..cards import mask_of
from ..hearts import CARD_POINTS, PASSES, QUEEN_SPADES, Action, Observation
from ..tricks import PLAYS, Play, trick_winner, winning_so_far

HEART = 2
SPADE = 3
KING_SPADES = QUEEN_SPADES + 1
ACE_SPADES = QUEEN_SPADES + 2
ALL_POINTS = 26

# Moon alert thresholds (§9.2, tunable per D-12).
MOON_ALERT_POINTS = 14
MOON_ALERT_HEARTS = 6


# --- what the public history says ------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Table:
    """The position as one seat reads it: its hand, the trick so far and the deal's history."""

    seat: int
    hand: tuple[int, ...]
    trick: tuple[tuple[int, int], ...]  # (seat, card) in order of play
    seen: frozenset[int]  # every card played this deal, the current trick included
    voids: tuple[frozenset[int], ...]  # per seat, suits it has failed to follow
    points: tuple[int, ...]  # per seat, points in the tricks it has won
    hearts: tuple[int, ...]  # per seat, hearts in the tricks it has won

    @property
    def led(self) -> int:
        return self.trick[0][1] // 13

    @property
    def winner(self) -> tuple[int, int]:
        """(seat, card) winning the trick so far."""
        return self.trick[trick_winner([c for _, c in self.trick])]

    @property
    def trick_points(self) -> int:
        return sum(CARD_POINTS[c] for _, c in self.trick)

    def wins(self, card: int) -> bool:
        """Would ``card`` be the highest of the led suit if played now (the leader always is)?"""
        return not self.trick or winning_so_far([c for _, c in self.trick], card)

    def count(self, suit: int) -> int:
        """Cards of ``suit`` in this seat's hand."""
        return sum(1 for c in self.hand if c // 13 == suit)

    def to_play(self) -> list[int]:
        """The other seats still to play to this trick."""
        return [(self.seat + i) % 4 for i in range(1, 4 - len(self.trick))]


def read_table(obs: Observation) -> Table:
    points, hearts = [0] * 4, [0] * 4
    voids: list[set[int]] = [set() for _ in range(4)]
    seen: set[int] = set()
    for record in obs.tricks:
        _note_plays(record.cards, voids, seen)
        points[record.winner] += sum(CARD_POINTS[c] for _, c in record.cards)
        hearts[record.winner] += sum(1 for _, c in record.cards if c // 13 == HEART)
    _note_plays(obs.trick, voids, seen)
    return Table(obs.seat, tuple(int(c) for c in obs.hand),
                 tuple((s, int(c)) for s, c in obs.trick), frozenset(seen),
                 tuple(frozenset(v) for v in voids), tuple(points), tuple(hearts))


def _note_plays(plays: Sequence[tuple[int, int]], voids: list[set[int]], seen: set[int]) -> None:
    """Record the cards of one trick, and every seat that did not follow the led suit."""
    if plays:
        led = plays[0][1] // 13
        for seat, card in plays:
            seen.add(card)
            if card // 13 != led:
                voids[seat].add(led)


# --- easy ------------------------------------------------------------------------------------

def easy(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    """Random, except it never takes points it can see right now (§9.2 Easy)."""
    if obs.phase == "pass":
        return legal[rng.randrange(len(legal))]  # each 3-card pass equally likely
    table = read_table(obs)
    already = table.trick_points
    safe = [a for a in _plays(legal)
            if not (table.wins(a.card) and already + CARD_POINTS[a.card] > 0)]
    pool: Sequence[Action] = safe or legal
    return pool[rng.randrange(len(pool))]


# --- normal ----------------------------------------------------------------------------------

def normal(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    """The §9.2 Normal rules; deterministic, so ``rng`` goes unused."""
    return _decide(obs, legal, hard=False)


def hard(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    """Normal plus void memory, card counting and moon defence (§9.2 Hard)."""
    return _decide(obs, legal, hard=True)


def _decide(obs: Observation, legal: Sequence[Action], hard: bool) -> Action:
    if obs.phase == "pass":
        return PASSES[mask_of(pass_cards(obs.hand))]
    cards = [a.card for a in _plays(legal)]
    if len(cards) == 1:
        return PLAYS[cards[0]]
    table = read_table(obs)
    card = moon_defence(table, cards) if hard else None
    if card is None:
        card = choose_card(table, cards, hard)
    return PLAYS[card]


def choose_card(table: Table, cards: list[int], hard: bool) -> int:
    if not table.trick:
        return lead(table, cards, hard)
    if cards[0] // 13 == table.led:  # holding the led suit, every legal card is of it
        return follow(table, cards)
    return discard(table, cards)


def danger(card: int) -> int:
    """§9.2 pass danger: Q♠ 100, A♠ 90, K♠ 89, a heart rank + 1, any other card its rank."""
    special = {QUEEN_SPADES: 100, ACE_SPADES: 90, KING_SPADES: 89}
    rank = card % 13 + 2
    return special.get(card, rank + 1 if card // 13 == HEART else rank)


def pass_cards(hand: Sequence[int]) -> list[int]:
    """The three most dangerous cards; on equal danger the higher suit (♠ ♥ ♦ ♣) goes first."""
    return sorted(hand, key=lambda c: (danger(c), c // 13), reverse=True)[:3]


def guard(table: Table, cards: list[int]) -> list[int]:
    """The Q♠ guard: drop a Q♠ that would win the trick, unless it is the only card."""
    kept = [c for c in cards if not (c == QUEEN_SPADES and table.wins(c))]
    return kept or cards


def follow(table: Table, cards: list[int]) -> int:
    ducks = [c for c in cards if not table.wins(c)]
    if ducks:
        return max(ducks)  # the highest card that still loses (drops the Q♠ under K♠/A♠)
    cards = guard(table, cards)
    if len(table.trick) == 3 and table.trick_points == 0:
        return max(cards)  # a free trick: get rid of the highest card
    return min(cards)


def discard(table: Table, cards: list[int]) -> int:
    if QUEEN_SPADES in cards:
        return QUEEN_SPADES
    if QUEEN_SPADES not in table.seen:
        for high in (ACE_SPADES, KING_SPADES):
            if high in cards:
                return high
    hearts = [c for c in cards if c // 13 == HEART]
    if hearts:
        return max(hearts)
    return max(cards, key=lambda c: shortest_first(table, c))


def shortest_first(table: Table, card: int) -> tuple[int, int]:
    """Key that puts the highest card of the shortest suit last. Ties between suits of equal
    length go to the suit with the higher top card: it is the more dangerous one to keep."""
    suit = card // 13
    top = max(c % 13 for c in table.hand if c // 13 == suit)
    return (-table.count(suit), top * 13 + card % 13)


def lead(table: Table, cards: list[int], hard: bool) -> int:
    pool = guard(table, cards)
    if QUEEN_SPADES not in table.seen and QUEEN_SPADES not in table.hand:
        # a lead of A♠/K♠ invites the Q♠ holder to drop it on us
        pool = [c for c in pool if c not in (ACE_SPADES, KING_SPADES)] or pool
    if hard:
        # a void opponent behind us could discard points onto whoever wins
        behind = table.to_play()
        pool = [c for c in pool if not any(c // 13 in table.voids[s] for s in behind)] or pool
    return min(pool, key=lambda c: lead_order(table, c))


def lead_order(table: Table, card: int) -> tuple[int, int, int]:
    """Lowest rank first, then the suit with the fewest cards in hand (it voids soonest). The
    spec leaves the rest open; the card id (♣ ♦ ♥ ♠) keeps the choice deterministic."""
    return (card % 13, table.count(card // 13), card)


# --- hard: moon defence --------------------------------------------------------------------

def moon_threat(table: Table) -> int | None:
    """The opponent who has taken every point so far and looks like shooting the moon, if any.

    "A point card still unplayed" is read as "not yet taken": a point card lying in the current
    trick is still to be won, so the alert stays on until the last point is in someone's tricks.
    """
    taken = sum(table.points)
    if taken == 0 or taken >= ALL_POINTS or taken not in table.points:
        return None
    x = table.points.index(taken)  # taken > 0, so only one seat can hold all of it
    if x == table.seat:
        return None
    if table.points[x] >= MOON_ALERT_POINTS or table.hearts[x] >= MOON_ALERT_HEARTS:
        return x
    return None


def moon_defence(table: Table, cards: list[int]) -> int | None:
    """§9.2 Hard defence (a)–(d), or None where Normal's rule applies."""
    x = moon_threat(table)
    if x is None:
        return None
    if not table.trick:
        return defend_lead(table, cards, x)
    if cards[0] // 13 == table.led:
        return defend_follow(table, cards, x)
    return defend_discard(table, cards, x)


def defend_follow(table: Table, cards: list[int], x: int) -> int | None:
    """(a) Take a trick with points in it away from X, with the lowest card that does it."""
    seat, _ = table.winner
    if seat != x or table.trick_points == 0:
        return None
    beaters = [c for c in cards if table.wins(c) and c != QUEEN_SPADES]
    return min(beaters) if beaters else None


def defend_discard(table: Table, cards: list[int], x: int) -> int | None:
    seat, _ = table.winner
    x_played = any(s == x for s, _ in table.trick)
    x_cannot_win = x_played or table.led in table.voids[x]
    if seat != x and x_cannot_win:
        # (b) the points go to someone else: give them the highest heart
        hearts = [c for c in cards if c // 13 == HEART]
        return max(hearts) if hearts else None  # none: Normal's discard (the Q♠ first) also helps
    # (c) X may take this trick: give it nothing. Among the safe cards the lowest goes, keeping
    # the high cards that can win a point from X later.
    safe = [c for c in cards if CARD_POINTS[c] == 0]
    if safe:
        return min(safe, key=lambda c: (c % 13, table.count(c // 13)))
    # only point cards: the cheapest one, a low heart, and the Q♠ only when nothing else is left
    return min(cards, key=lambda c: (CARD_POINTS[c], c))


def defend_lead(table: Table, cards: list[int], x: int) -> int | None:
    """(d) Lead a heart nobody can beat (a point X cannot get), else into a suit X is void in."""
    hearts = [c for c in cards if c // 13 == HEART]
    if hearts and highest_outstanding(table, max(hearts)):
        return max(hearts)
    into_void = [c for c in guard(table, cards) if c // 13 in table.voids[x]]
    # the lowest such card: X cannot win it, and a low card is least likely to win it for us
    return min(into_void, key=lambda c: c % 13) if into_void else None


def highest_outstanding(table: Table, card: int) -> bool:
    """Card counting: no unplayed card of the suit held by another seat beats ``card``."""
    suit_top = (card // 13 + 1) * 13
    return all(c in table.seen or c in table.hand for c in range(card + 1, suit_top))


def _plays(legal: Sequence[Action]) -> list[Play]:
    return [a for a in legal if isinstance(a, Play)]


PLAYERS: dict[str, Callable[[Observation, Sequence[Action], random.Random], Action]] = {
    "easy": easy, "normal": normal, "hard": hard}
