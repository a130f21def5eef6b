"""What the trick-taking games share: following suit, the trick winner, won cards.

Cards are ints (see ``engine.cards``); a hand is a bitmask. A game with its own rank order passes a
``power`` table: power[card] is the card's strength within its suit (higher wins).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from .build import interpreted
from .cards import (
    CARDS,
    CODE_BITS,
    SUIT_MASKS,
    SUIT_RANKS,
    Card,
    cards_of,
    mask_of,
    parse_card,
    parse_cards,
)

# Final: a module compiled by mypyc reads them as C statics, not from its dict.
CLUBS: Final = SUIT_MASKS[0]
DIAMONDS: Final = SUIT_MASKS[1]
HEARTS: Final = SUIT_MASKS[2]
SPADES: Final = SUIT_MASKS[3]
NATURAL_POWER: Final[tuple[int, ...]] = tuple(c % 13 for c in range(52))


@dataclass(frozen=True, slots=True)
class Play:
    """Play one card to the trick: ``play:QS``."""

    card: int

    def __init__(self, card: int | str) -> None:
        """Play("QS") reads the code: the repr, Play('QS'), rebuilds the action. An
        ``__init__`` of its own, not a ``__post_init__``: a compiled field typed int takes no
        str."""
        object.__setattr__(self, "card", card if isinstance(card, int) else int(parse_card(card)))

    def __str__(self) -> str:
        return f"play:{CARDS[self.card]}"

    def __repr__(self) -> str:
        return f"Play({str(CARDS[self.card])!r})"

    @staticmethod
    def parse(code: str) -> Play:
        return PLAYS[parse_card(code.removeprefix("play:"))]


PLAYS: Final[tuple[Play, ...]] = tuple(Play(c) for c in range(52))
# SUIT_PLAYS[suit][ranks]: the plays of the cards ``ranks`` (a 13-bit mask) of ``suit``, made at
# first use and shared by every game, so listing a legal set is a lookup a suit. Lists indexed by
# the ranks, not a dict keyed by card mask: an int hashes to itself, and the masks of the higher
# suits, alike in their low bits, collided in one (a spade's lookup cost three of a club's).
SUIT_PLAYS: Final[tuple[list[tuple[Play, ...] | None], ...]] = tuple(
    [None] * 8192 for _ in range(4))
_CLUB_PLAYS: Final = SUIT_PLAYS[0]
_DIAMOND_PLAYS: Final = SUIT_PLAYS[1]
_HEART_PLAYS: Final = SUIT_PLAYS[2]
_SPADE_PLAYS: Final = SUIT_PLAYS[3]
RANK_BITS: Final = 0x1FFF  # the 13 rank bits of one suit (cards.SUIT_BITS, here a C static)


def suit_plays(suit: int, ranks: int) -> tuple[Play, ...]:
    """The plays of the cards ``ranks`` (a 13-bit mask, not 0) of ``suit``, lowest first."""
    plays = SUIT_PLAYS[suit][ranks]
    if plays is None:
        base = 13 * suit
        plays = SUIT_PLAYS[suit][ranks] = tuple(PLAYS[base + r] for r in SUIT_RANKS[ranks])
    return plays


def plays_of(mask: int) -> tuple[Play, ...]:
    """The Play actions of a card set, lowest suit and rank first: a lookup a suit (a legal set
    is mostly one suit; the suits are written out, which a loop over them would slow)."""
    out: tuple[Play, ...] = ()
    ranks = mask & RANK_BITS
    if ranks:
        out = _CLUB_PLAYS[ranks] or suit_plays(0, ranks)
    ranks = mask >> 13 & RANK_BITS
    if ranks:
        out += _DIAMOND_PLAYS[ranks] or suit_plays(1, ranks)
    ranks = mask >> 26 & RANK_BITS
    if ranks:
        out += _HEART_PLAYS[ranks] or suit_plays(2, ranks)
    ranks = mask >> 39 & RANK_BITS
    if ranks:
        out += _SPADE_PLAYS[ranks] or suit_plays(3, ranks)
    return out


def follow_mask(hand: int, led_suit: int) -> int:
    """Cards of ``hand`` that may follow a lead of ``led_suit``: that suit, or anything if void."""
    same = hand & SUIT_MASKS[led_suit]
    return same or hand


def trick_winner(
    cards: Sequence[int], trump: int | None = None, power: Sequence[int] = NATURAL_POWER
) -> int:
    """Index in ``cards`` (in order of play) of the card that wins: the strongest trump if any
    trump was played, else the strongest card of the led suit. On equal power the first wins."""
    first = cards[0]
    best, best_suit, best_power = 0, first // 13, power[first]
    for i in range(1, len(cards)):
        c = cards[i]
        s = c // 13
        if s == best_suit:  # the led suit, or trump once one is winning
            if power[c] > best_power:
                best, best_power = i, power[c]
        elif s == trump:  # the first trump over the led suit
            best, best_suit, best_power = i, s, power[c]
    return best


def winning_so_far(cards: Sequence[int], card: int, trump: int | None = None,
                   power: Sequence[int] = NATURAL_POWER) -> bool:
    """Would ``card`` win the trick if played now (the leader always does)?"""
    return trick_winner([*cards, card], trump, power) == len(cards)


@interpreted  # 56 extends it
@dataclass(frozen=True, slots=True)
class TrickRecord:
    """A finished trick as observations show it: (seat, card) in order of play, and its winner."""

    leader: int
    cards: tuple[tuple[int, Card], ...]
    winner: int


def seated(leader: int, cards: Sequence[int], players: int = 4) -> tuple[tuple[int, Card], ...]:
    """Cards played in order from ``leader`` -> (seat, Card) pairs."""
    return tuple(((leader + i) % players, CARDS[c]) for i, c in enumerate(cards))


def trick_record(trick: tuple[int, Sequence[int], int]) -> TrickRecord:
    """(leader, cards, winner) as states keep it -> the observation's record."""
    leader, cards, winner = trick
    return TrickRecord(leader, seated(leader, cards), winner)


def deal_hands(deck: Sequence[int], rng: random.Random, first: int, players: int = 4) -> tuple[int, ...]:
    """Shuffle ``deck`` and deal it one card at a time from seat ``first``: hands as masks."""
    bits = shuffled(_deck_bits(deck), rng)  # the cards' bits, shuffled as the cards would be
    hands = [0] * players
    for i in range(players):  # the cards are distinct, so a sum of their bits is their mask
        hands[(first + i) % players] = sum(bits[i::players])
    return tuple(hands)


def shuffled(deck: Sequence[int], rng: random.Random) -> list[int]:
    """``deck`` in the order ``rng.shuffle`` leaves it (Fisher-Yates drawing each index from
    ``getrandbits`` and redrawing any that falls outside, as CPython's ``_randbelow`` does),
    without a method call per card."""
    cards = list(deck)
    getrandbits = rng.getrandbits
    for i in reversed(range(1, len(cards))):
        k = _BITS[i]
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


_BITS: Final = tuple((i + 1).bit_length() for i in range(1024))  # the bits _randbelow(i + 1) draws


def parse_hands(deal: Sequence[str], deck: Sequence[int], players: int = 4) -> tuple[int, ...]:
    """A fixed deal, one string of cards per seat, that must split ``deck`` into equal hands.
    A deal read before is a lookup: tests and benches start again and again from fixed deals."""
    if isinstance(deal, str) or len(deal) != players:
        raise ValueError(f"deal: give one string of cards for each of the {players} seats")
    key = (*deal, deck)
    try:
        hands = _PARSED.get(key)
    except TypeError:  # unhashable: a deck in a list, or not strings (refused there)
        return _read_hands(deal, deck, players)
    if hands is None:
        if len(_PARSED) >= 1024:
            _PARSED.clear()
        hands = _PARSED[key] = _read_hands(deal, deck, players)
    return hands


_PARSED: dict[tuple[object, ...], tuple[int, ...]] = {}  # (*deal, deck): hands


def _read_hands(deal: Sequence[str], deck: Sequence[int], players: int) -> tuple[int, ...]:
    size = len(deck) // players
    hands = []
    seen = 0
    for text in deal:
        codes = text.replace(",", " ").split()
        try:  # the usual codes: a sum of their bits, which counts a card given twice as a carry
            mask = sum(map(CODE_BITS.__getitem__, codes))
        except KeyError:  # odd spellings, or a ValueError naming what is not a card
            mask = mask_of(parse_cards(text))
        if len(codes) != size or mask.bit_count() != size or mask & seen:
            raise ValueError(f"deal: each seat needs {size} different cards, none twice: {text!r}")
        seen |= mask
        hands.append(mask)
    if seen != _deck_mask(deck):
        raise ValueError("deal: the hands must hold exactly the cards of the deck")
    return tuple(hands)


def _deck_mask(deck: Sequence[int]) -> int:
    return sum(_deck_bits(deck))


def _deck_bits(deck: Sequence[int]) -> tuple[int, ...]:
    """Each card's bit, in the deck's order: kept for a range or a tuple (a game has one deck)."""
    if not isinstance(deck, range | tuple):
        return tuple(1 << c for c in deck)
    bits = _DECK_BITS.get(deck)
    if bits is None:
        bits = _DECK_BITS[deck] = tuple(1 << c for c in deck)
    return bits


_DECK_BITS: dict[Sequence[int], tuple[int, ...]] = {}


def cards_in(*groups: Sequence[int]) -> list[int]:
    """Every card of some groups of card masks (hands, won piles), for the invariant tests."""
    return [c for masks in groups for m in masks for c in cards_of(m)]
