"""Plain-text pieces the games' ``describe`` methods share (terminal table, debugging)."""

from __future__ import annotations

from collections.abc import Iterable

from .cards import SUIT_SYMBOLS, Card


def hand_lines(hand: Iterable[Card]) -> list[str]:
    """One line per suit, spades first, high cards first: '♠ A 10 7'."""
    by_suit: dict[int, list[Card]] = {}
    for card in hand:
        by_suit.setdefault(card.suit, []).append(card)
    lines = []
    for suit in (3, 2, 1, 0):
        cards = sorted(by_suit.get(suit, ()), reverse=True)
        if cards:
            lines.append(SUIT_SYMBOLS[suit] + " " + " ".join(c.symbol[:-1] for c in cards))
    return lines or ["(no cards)"]


def seat_line(seat: int, me: int, to_act: Iterable[int], text: str) -> str:
    """'▸ seat 2 (you)  …' with a marker on seats to act."""
    mark = "▸" if seat in set(to_act) else " "
    you = " (you)" if seat == me else ""
    return f"{mark} seat {seat}{you:<6} {text}"
