"""Cards as small ints, card sets as int bitmasks.

A card is ``suit * 13 + rank_index`` where suits are ``C D H S`` (0..3) and rank_index 0..12 stands
for ``2 … A``. A set of cards is an int with bit ``c`` set for card ``c``: union, removal, suit
filtering and counting are single integer operations, cheap enough for search.

``Card`` is an ``int`` with a readable ``str`` ("QS") and ``repr`` ("Card('QS')"); the 52 instances
are built once, so turning an int into a ``Card`` costs a tuple lookup.
"""

from __future__ import annotations

from collections.abc import Iterable

SUITS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
RANKS = "23456789TJQKA"
SUIT_BITS = 0x1FFF  # the 13 rank bits of one suit
SUIT_MASKS = tuple(SUIT_BITS << (13 * s) for s in range(4))
FULL_DECK = (1 << 52) - 1

_SYMBOL_TO_SUIT = {sym: i for i, sym in enumerate(SUIT_SYMBOLS)}
_SYMBOL_TO_SUIT.update({"♧": 0, "♢": 1, "♡": 2, "♤": 3})


class Card(int):
    """One of the 52 cards; use ``CARDS[i]`` or ``parse_card``, not the constructor."""

    __slots__ = ()

    @property
    def suit(self) -> int:
        return self // 13

    @property
    def rank(self) -> int:
        """2 … 14 (ace high)."""
        return self % 13 + 2

    @property
    def symbol(self) -> str:
        """The face players read: ``Q♠``, ``10♥``."""
        return rank_label(self % 13) + SUIT_SYMBOLS[self // 13]

    def __str__(self) -> str:
        return RANKS[self % 13] + SUITS[self // 13]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(52))


def rank_label(rank_index: int) -> str:
    """'2' … '10', 'J', 'Q', 'K', 'A' for rank_index 0 … 12."""
    return "10" if rank_index == 8 else RANKS[rank_index]


def make_card(rank: int, suit: int) -> Card:
    """The card of rank 2 … 14 and suit 0 … 3."""
    return CARDS[suit * 13 + rank - 2]


def parse_card(text: str) -> Card:
    """'QS', 'qs', '10H', 'TH', 'Q♠', '10♥️', '10♥︎' -> Card. Raises ValueError on anything else."""
    card = _CODES.get(text)
    if card is not None:  # the usual codes are a lookup; odd spacing and case go the long way
        return card
    return _read_card(text)


def _read_card(text: str) -> Card:
    t = text.strip().replace("\ufe0f", "").replace("\ufe0e", "").upper()
    if len(t) < 2:
        raise ValueError(f"not a card: {text!r}")
    rank_text, suit_text = t[:-1], t[-1]
    suit = SUITS.find(suit_text) if suit_text in SUITS else _SYMBOL_TO_SUIT.get(suit_text, -1)
    rank_text = "T" if rank_text == "10" else rank_text
    if suit < 0 or len(rank_text) != 1 or rank_text not in RANKS:
        raise ValueError(f"not a card: {text!r}")
    return CARDS[suit * 13 + RANKS.index(rank_text)]


def parse_cards(text: str) -> list[Card]:
    """'AS KS TH' or 'AS,KS,TH' -> cards in the order given."""
    codes = _CODES
    return [codes[part] if part in codes else _read_card(part)
            for part in text.replace(",", " ").split()]


def _spellings() -> dict[str, Card]:
    """Every usual spelling of every card (rank 'T' or '10', either case, letter or symbol
    suit, with or without the emoji selector): a deal's 52 codes read as lookups."""
    codes: dict[str, Card] = {}
    suits = [(s, s) for s in SUITS] + list(_SYMBOL_TO_SUIT.items())
    for r, rank in enumerate(RANKS):
        for rank_text in {rank, rank.lower(), *(("10",) if rank == "T" else ())}:
            for letter, suit in suits:
                index = suit if isinstance(suit, int) else SUITS.index(suit)
                for suit_text in {letter, letter.lower(), letter + "\ufe0f"}:
                    codes[rank_text + suit_text] = CARDS[index * 13 + r]
    return codes


_CODES = _spellings()
# Each spelling's card as its bit: a hand's mask is a sum of lookups (distinct cards, so no carry).
CODE_BITS: dict[str, int] = {code: 1 << card for code, card in _CODES.items()}


def mask_of(cards: Iterable[int]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def _bits_table() -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(i for i in range(13) if m >> i & 1) for m in range(1 << 13))


# For each 13-bit suit mask, the rank indexes set in it: turns a mask into cards without a loop
# over 52 bits.
SUIT_RANKS: tuple[tuple[int, ...], ...] = _bits_table()
SUIT_COUNTS: tuple[int, ...] = tuple(map(len, SUIT_RANKS))  # cards in each 13-bit suit mask


def cards_of(mask: int) -> list[Card]:
    """The cards of a set, lowest suit and rank first."""
    out: list[Card] = []
    for s in range(4):
        bits = mask >> (13 * s) & SUIT_BITS
        if bits:
            base = 13 * s
            out.extend(CARDS[base + r] for r in SUIT_RANKS[bits])
    return out


def suit_of(card: int) -> int:
    return card // 13


def count(mask: int) -> int:
    return mask.bit_count()


def deck(lowest_rank: int = 2) -> list[Card]:
    """A deck from ``lowest_rank`` up to the ace in every suit: 52 cards (2), 32 cards (7)."""
    return [make_card(r, s) for s in range(4) for r in range(lowest_rank, 15)]


def format_cards(cards: Iterable[int]) -> str:
    return " ".join(str(CARDS[c]) for c in cards)
