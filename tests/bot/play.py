"""Scripted players for the bot tests: press what a human would press."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from typing import TypeVar

from bot.callbacks import Kind
from bot.play.tables import Tables
from engine import find_game
from engine.cards import cards_of
from storage import TableRecord

from .fake import Harness, Sent

T = TypeVar("T")
CARD_FACE = re.compile(r"(?<![0-9])(?:10|[2-9JQKA])[♠♥♦♣]")  # not the 8♥ of a bid of 28♥


def actions(hand: Sent) -> list[str]:
    return [b["callback_data"] for b in hand.buttons() if "callback_data" in b]


def choice(hand: Sent) -> str | None:
    """The button a scripted human presses on their hand: the first free card of a pass or
    combination until three are chosen, then its confirmation; else the last move offered."""
    data = actions(hand)
    toggles = [d for d in data if d.startswith("t|")]
    if toggles:
        chosen = [d for d in toggles if "✅" in next(b["text"] for b in hand.buttons()
                                                   if b.get("callback_data") == d)]
        if len(chosen) < 3:
            return next(d for d in toggles if d not in chosen)
        return next(d for d in data if d.startswith("c|"))
    plays = [d for d in data if d.startswith("a|")]
    return plays[-1] if plays else None


async def act_once(h: Harness, user: int) -> bool:
    """Make one move from the user's private hand message; False if it offers none."""
    hand = h.hand(user)
    data = choice(hand)
    if data is None:
        return False
    answer = await h.press(user, hand, data)
    assert not answer.get("show_alert"), answer
    return True


def held_faces(tables: Tables, table: TableRecord) -> list[set[str]]:
    """The faces of the cards each seat holds now."""
    state = tables.kernel.state_of(table)
    game = find_game(table.game)
    return [{c.symbol for c in game.observation(state, seat).hand} for seat in range(table.players)]


def assert_no_hand_leaks(h: Harness, tables: Tables, table: TableRecord, group: int) -> None:
    """No group message, nor another seat's chat, shows a card a seat holds now; but a finished
    deal's post (the one with its ⏯): the cards of that deal's last trick are dealt anew since."""
    held = held_faces(tables, table)
    for message in h.fake.chat(group):
        if any(b.get("callback_data", "").startswith(f"{Kind.REPLAY.value}|")
               for b in message.buttons()):
            continue
        shown = set(CARD_FACE.findall(message.text))
        for seat, cards in enumerate(held):
            assert not shown & cards, f"seat {seat}'s {shown & cards} shown in the group"
    for seat, record in enumerate(table.seats):
        if record.user_id is None:
            continue
        for message in h.fake.chat(record.user_id):
            shown = set(CARD_FACE.findall(message.text))
            for other, cards in enumerate(held):
                if other != seat:
                    assert not shown & cards, f"seat {other}'s cards in seat {seat}'s chat"


def unused(mask: int) -> list[str]:
    return [str(c) for c in cards_of(mask)]


async def until(check: Callable[[], Awaitable[T | None | bool]], seconds: float = 120.0,
                every: float = 0.05) -> T | None | bool:
    """Wait for an event the bot brings about on its own (a timer, a sweep), checked every
    ``every`` seconds: a ceiling, not a pace, so a loaded machine only makes it slower. The
    last value is returned either way: the caller's assertion says what was expected."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while not (value := await check()) and loop.time() < end:
        await asyncio.sleep(every)
    return value
