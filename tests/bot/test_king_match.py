"""King through the real handlers on the fake Bot API server: one human with three computers plays
the whole 12-deal match from the private buttons; four humans play a deal; a restart mid-deal."""

from __future__ import annotations

from storage import Store, TableRecord

from .fake import GROUP, FakeTelegram, Harness
from .play import act_once, assert_no_hand_leaks

ARAM, ANI, GOR, LILIT = 101, 102, 103, 104


async def open_king(h: Harness, humans: list[int], computers: int, level: str = "Միջին") -> None:
    await h.open_table("king", humans, computers, level)


async def table_of(store: Store, user: int = ARAM) -> TableRecord:
    table = await store.tables.seat_of(user)
    assert table is not None
    return table


async def test_one_human_and_three_computers_play_the_twelve_deals(store: Store) -> None:
    async with Harness(store) as h:
        await open_king(h, [ARAM], 3)
        assert "Քինգ" in h.table_message().text and "պարտիա 1/12" in h.table_message().text
        table_id = (await table_of(store)).id or 0
        trump_choices = 0
        for moves in range(2000):
            table = await store.tables.by_id(table_id)
            assert table is not None
            if table.status == "finished":
                break
            if moves % 25 == 0:
                assert_no_hand_leaks(h, h.runtime.tables, table, GROUP)
            trump_choices += "Պիկ" in h.hand(ARAM).text or any(
                b.get("text") == "♠ Պիկ" for b in h.hand(ARAM).buttons())
            assert await act_once(h, ARAM), "the human must be able to act"
        else:
            raise AssertionError("the match did not end")
        assert trump_choices >= 1, "the human named a trump in their Trumps deal"
        group = h.fake.chat(GROUP)
        results = [m.text for m in group if "ավարտվեց" in m.text and "Պարտիա" in m.text]
        assert len(results) == 12 and "Պարտիա 12/12" in results[-1]
        final = next(m.text for m in group if "🏆" in m.text)
        assert "Հաշվի թերթիկը" in final and final.count("\n") >= 20
        matches = await store.matches.recent(GROUP)
        assert len(matches) == 1 and sum(r.score for r in matches[0].results) == 0
        assert not h.hand(ARAM).buttons()


async def test_four_humans_play_a_deal(store: Store) -> None:
    humans = [ARAM, ANI, GOR, LILIT]
    async with Harness(store) as h:
        await open_king(h, humans, 0)
        for _ in range(80):
            table = await table_of(store)
            if table.status == "finished" or "Պարտիա 1/12" in "".join(
                    m.text for m in h.fake.chat(GROUP)):
                break
            assert_no_hand_leaks(h, h.runtime.tables, table, GROUP)
            progressed = False
            for user in humans:
                progressed |= await act_once(h, user)
            assert progressed
        assert any("Պարտիա 1/12" in m.text for m in h.fake.chat(GROUP)), "deal 1 was scored"
        assert "պարտիա 2/12" in h.table_message().text


async def test_a_restart_mid_deal_goes_on(store: Store) -> None:
    fake = FakeTelegram()
    async with Harness(store, fake) as h:
        await open_king(h, [ARAM], 3, "Հեշտ")
        for _ in range(5):
            assert await act_once(h, ARAM)
        before = await table_of(store)
        hand = h.hand(ARAM)
    async with Harness(store, fake) as h:
        for _ in range(5):
            assert await act_once(h, ARAM)
        after = await table_of(store)
        assert len(after.log) > len(before.log)
        assert h.hand(ARAM).message_id == hand.message_id


async def test_rules_king_in_the_group(store: Store) -> None:
    async with Harness(store) as h:
        await h.say(ARAM, "/rules king")
        text = h.fake.chat(GROUP)[-1].text
        assert text.startswith("Քինգ (4 խաղացող") and "Հաղթաթուղթ" in text
