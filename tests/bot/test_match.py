"""Whole Hearts matches in a group: one human with three computers, and four humans."""

from __future__ import annotations

import pytest

from bot import i18n
from storage import Store

from .fake import GROUP, Harness
from .play import CARD_FACE, act_once, assert_no_hand_leaks

ARAM, ANI, GOR, LILIT = 101, 102, 103, 104


async def open_table(h: Harness, humans: list[int], computers: int) -> None:
    await h.open_table("hearts", humans, computers)


async def play_to_the_end(h: Harness, store: Store, humans: list[int]) -> int:
    moves = 0
    table_id = (await store.tables.seat_of(humans[0]) or (_ for _ in ()).throw(AssertionError)).id
    while True:
        table = await store.tables.by_id(table_id or 0)
        assert table is not None
        if table.status == "finished":
            return moves
        assert_no_hand_leaks(h, h.runtime.tables, table, GROUP)
        progressed = False
        for user in humans:
            progressed |= await act_once(h, user)
        assert progressed, "some human must be able to act"
        moves += 1
        assert moves < 3000


async def test_one_human_and_three_computers_play_a_whole_match(both_stores: Store) -> None:
    store = both_stores
    async with Harness(store) as h:
        await open_table(h, [ARAM], 3)
        await play_to_the_end(h, store, [ARAM])
        group = h.fake.chat(GROUP)
        assert any("🏆" in m.text for m in group), "the match result is posted"
        posts = [m.text for m in group if "ավարտվեց" in m.text and "Ընդհանուր" in m.text]
        # each deal's post ends with its last trick: the table shows the next deal at once
        taken = i18n.t("hy", "deal-last-trick", name="@", cards="@").split("@")[0]
        assert posts and all(post.splitlines()[-1].startswith(taken) for post in posts)
        assert all(len(CARD_FACE.findall(post.splitlines()[-1])) == 4 for post in posts)
        finished = h.table_message()
        assert finished.text.startswith("🏁") and "▸" not in finished.text, "the table says it ended"
        assert [b["text"] for b in finished.buttons()] == ["📋 Հաշիվ", "🔁 Կրկին"]
        matches = await store.matches.recent(GROUP)
        assert len(matches) == 1
        assert max(r.score for r in matches[0].results) >= 100
        assert sorted(r.place for r in matches[0].results)[0] == 1
        hand = h.hand(ARAM)
        assert not hand.buttons(), "no buttons once the match is over"
        assert len(h.fake.chat(ARAM)) == 2, "one /start reply and one hand message, edited"
        assert h.runtime.sender.message_ids(GROUP) == [], "an ended table is forgotten"

        # rematch: a new lobby with the same seats, opened by whoever pressed
        result = next(m for m in h.fake.chat(GROUP) if "🏆" in m.text)
        await h.press(ARAM, result, result.button("🔁")["callback_data"])
        lobby = h.table_message()
        assert lobby.message_id > result.message_id and "Նստած են 4 հոգի" in lobby.text
        answer = await h.press(ARAM, result, result.button("🔁")["callback_data"])
        assert answer["show_alert"], "one table per chat"
        await h.press(ARAM, lobby, lobby.button("▶")["callback_data"])
        assert "1-ին խաղափուլ" in h.hand(ARAM).text


@pytest.mark.slow
async def test_four_humans_play_a_whole_match(store: Store) -> None:
    async with Harness(store) as h:
        humans = [ARAM, ANI, GOR, LILIT]
        await open_table(h, humans, 0)
        await play_to_the_end(h, store, humans)
        assert len(await store.matches.recent(GROUP)) == 1
        standings = await store.matches.standings(GROUP)
        assert {s.user_id for s in standings} == set(humans)
