"""Whole 56 matches in a group through the real handlers: one human with computers at 4, 6 and
8 seats (eliminations on the way), and several humans playing a deal."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from bot.play.tables import Tables
from engine import find_game
from engine.cards import parse_card
from storage import Store, TableRecord

from .fake import GROUP, Harness
from .play import act_once

ARAM, ANI, GOR, LILIT = 101, 102, 103, 104
FACE = re.compile(r"(?<![0-9])(?:10|[2-9JQKA])[♠♥♦♣]")  # a card, not the 8♥ of a bid of 28♥


async def open_table(h: Harness, humans: list[int], computers: int) -> None:
    await h.open_table("fifty_six", humans, computers)


def assert_no_hidden_card(h: Harness, tables: Tables, table: TableRecord) -> None:
    """The group's table message names a card no more often than its copies outside the hands
    (two decks: a played J♠ may have its twin in a hand); a player's chat shows no card that
    only the others hold."""
    game = find_game(table.game)
    state = tables.kernel.state_of(table)
    hands = [Counter(hand) for hand in game.hands(state)]
    held = sum(hands, Counter[int]())
    outside = Counter(game.deck_of(state)) - held
    shown = Counter(parse_card(f) for f in FACE.findall(h.table_message().text))
    assert not [c for c, n in shown.items() if n > outside[c]], h.table_message().text
    for seat, record in enumerate(table.seats):
        if record.user_id is None or record.hand_message_id is None:
            continue
        text = h.hand(record.user_id).text
        seen = {parse_card(f) for f in FACE.findall(text)}
        assert all(c in hands[seat] or outside[c] for c in seen), text


async def play_to_the_end(h: Harness, store: Store, humans: list[int]) -> tuple[int, int]:
    """Moves the humans made and how many of them were still at the table at the end."""
    moves = 0
    seat = await store.tables.seat_of(humans[0])
    assert seat is not None
    table_id = seat.id or 0
    while True:
        table = await store.tables.by_id(table_id)
        assert table is not None
        if table.status == "finished":
            return moves, 0
        if moves % 7 == 0:
            assert_no_hidden_card(h, h.runtime.tables, table)
        progressed = False
        for user in humans:
            progressed |= await act_once(h, user)
        assert progressed, "some human must be able to act while the match goes on"
        moves += 1
        assert moves < 4000


@pytest.mark.slow
@pytest.mark.parametrize("computers", [3, 5, 7])
async def test_one_human_and_computers_play_a_whole_match(store: Store, computers: int) -> None:
    async with Harness(store) as h:
        await open_table(h, [ARAM], computers)
        assert "56" in h.table_message().text and "Աճուրդ" in h.table_message().text
        await play_to_the_end(h, store, [ARAM])
        group = h.fake.chat(GROUP)
        results = [m.text for m in group if "բաժանումն ավարտվեց" in m.text]
        assert results and all("Սեղաններ՝" in r and "Միավորներ՝" in r for r in results)
        assert any("🏆" in m.text for m in group), "the match result is posted"
        final = next(m.text for m in group if "🏆" in m.text and "Կրկին" not in m.text
                     and m.text.startswith("🏆"))
        assert final.split("\n")[1].startswith("1. ")
        if computers > 3:
            assert any("դուրս է գալիս" in r for r in results), "a team ran out of tables"
        assert not h.hand(ARAM).buttons(), "no buttons once the match is over"
        won = final.split("\n")[1]
        if "User101" not in won:  # Aram's team ran out of tables: his hand says so
            assert "դուրս եկաք խաղից" in h.hand(ARAM).text
        matches = await store.matches.recent(GROUP)
        assert len(matches) == 1 and sorted(r.place for r in matches[0].results)[0] == 1


async def test_four_humans_bid_and_play_a_deal(store: Store) -> None:
    async with Harness(store) as h:
        humans = [ARAM, ANI, GOR, LILIT]
        await open_table(h, humans, 0)
        moves = 0
        while not any("բաժանումն ավարտվեց" in m.text for m in h.fake.chat(GROUP)):
            progressed = False
            for user in humans:
                progressed |= await act_once(h, user)
            assert progressed
            moves += 1
            assert moves < 200
        assert "բաժանում 2" in h.table_message().text
        result = next(m.text for m in h.fake.chat(GROUP) if "բաժանումն ավարտվեց" in m.text)
        assert "28 առանց կոզրի (բոլորը պաս ասացին)" in result  # every human pressed Pass


async def test_a_bid_made_through_the_picker_reaches_the_group(store: Store) -> None:
    async with Harness(store) as h:
        await open_table(h, [ARAM, ANI, GOR, LILIT], 0)
        table = await store.tables.seat_of(ARAM)
        assert table is not None
        state = h.runtime.tables.kernel.state_of(table)
        first = next(iter(find_game("fifty_six").to_act(state)))
        user = table.seats[first].user_id
        assert user is not None
        hand = h.hand(user)
        await h.press(user, hand, hand.button("30")["callback_data"])
        hand = h.hand(user)
        assert "30՝ ընտրեք մաստը" in hand.text
        bid = hand.button("♣ 30")["callback_data"]
        await h.press(user, hand, bid)
        assert "♣ 30" in h.table_message().text.split("\n")[-1]
        again = await h.press(user, h.hand(user), bid)
        assert again.get("show_alert") or again.get("text"), "a stale press is answered"
