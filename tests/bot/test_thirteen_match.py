"""Whole Thirteen matches in a group on the fake Bot API server, played by pressing what a human
presses: one human with computers at 2, 3 and 4 seats choosing combinations card by card, several
humans at one table, and a restart in the middle of a round."""

from __future__ import annotations

import random

import pytest

from engine import find_game
from engine.thirteen import PASS, Combo
from storage import Store, TableRecord

from .fake import GROUP, Harness, Sent
from .play import actions, assert_no_hand_leaks

ARAM, ANI, GOR, LILIT = 101, 102, 103, 104
GAME = find_game("thirteen")


async def open_table(h: Harness, humans: list[int], computers: int) -> None:
    await h.open_table("thirteen", humans, computers)


async def table_of(store: Store, user: int) -> TableRecord:
    table = await store.tables.seat_of(user)
    assert table is not None
    return table


def data_of(hand: Sent, kind: str, arg: str) -> str | None:
    return next((d for d in actions(hand) if d.startswith(f"{kind}|") and d.endswith(f"|{arg}")), None)


async def act_once(h: Harness, store: Store, user: int, rng: random.Random) -> bool:
    """One move of ``user`` from their hand message: pass now and then, else choose a legal
    combination by toggling its cards and pressing Play (or, at times, a suggestion)."""
    table = await store.tables.seat_of(user)
    if table is None or table.status != "playing":
        return False
    seat = next(i for i, s in enumerate(table.seats) if s.user_id == user)
    state = h.runtime.tables.kernel.state_of(table)
    legal = GAME.legal_actions(state, seat)
    hand = h.hand(user)
    if not legal:
        assert not hand.buttons(), "a seat not to act has no buttons"
        return False
    assert "Ձեր հերթն է" in hand.text
    if PASS in legal and (len(legal) == 1 or rng.random() < 0.35):
        answer = await h.press(user, hand, data_of(hand, "a", "pass") or "")
        assert not answer.get("show_alert"), answer
        return True
    suggested = [d for d in actions(hand) if d.startswith("a|") and "play:" in d]
    if suggested and rng.random() < 0.2:
        answer = await h.press(user, hand, rng.choice(suggested))
        assert not answer.get("show_alert"), answer
        return True
    combo = rng.choice([a for a in legal if isinstance(a, Combo)])
    wanted = {str(c) for c in combo.cards}
    for data in actions(hand):  # cards left chosen (before a restart): unchoose the others
        if data.startswith("t|") and data.split("|")[3][1:] not in wanted and "|-" in data:
            answer = await h.press(user, h.hand(user), data)
            assert not answer.get("show_alert"), answer
    for card in combo.cards:
        if data_of(h.hand(user), "t", f"-{card}") is not None:
            continue  # already chosen
        toggle = data_of(h.hand(user), "t", f"+{card}")
        assert toggle is not None, f"no toggle for {card} in {h.hand(user).text!r}"
        answer = await h.press(user, h.hand(user), toggle)
        assert not answer.get("show_alert"), answer
    hand = h.hand(user)
    assert "Ընտրված՝" in hand.text and "—" not in hand.text.split("\n")[-1], hand.text
    assert sum(b["text"].startswith("✅") for b in hand.buttons()) == len(combo.cards)
    play = data_of(hand, "c", "play")
    assert play is not None, "Play is live on a legal choice"
    answer = await h.press(user, hand, play)
    assert not answer.get("show_alert"), answer
    after = await store.tables.by_id(table.id or 0)
    assert after is not None
    logged_seat, code = after.log[len(table.log)]
    assert (logged_seat, GAME.parse_action(code)) == (seat, combo), "the chosen cards were played"
    return True


async def play_to_the_end(h: Harness, store: Store, humans: list[int], seed: int,
                          limit: int = 3000) -> int:
    rng = random.Random(seed)
    table_id = (await table_of(store, humans[0])).id or 0
    moves = 0
    while moves < limit:
        table = await store.tables.by_id(table_id)
        assert table is not None
        if table.status == "finished":
            return moves
        assert_no_hand_leaks(h, h.runtime.tables, table, GROUP)
        progressed = False
        for user in humans:
            progressed |= await act_once(h, store, user, rng)
        assert progressed, "some human must be able to act"
        moves += 1
    return moves


@pytest.mark.parametrize("seats", [2, 3, 4])
async def test_one_human_with_computers_plays_a_whole_match_by_toggling(store: Store,
                                                                        seats: int) -> None:
    async with Harness(store) as h:
        await open_table(h, [ARAM], seats - 1)
        table = await table_of(store, ARAM)
        assert table.players == seats and table.game == "thirteen"
        await play_to_the_end(h, store, [ARAM], seats)
        group = h.fake.chat(GROUP)
        assert any("1-ին խաղն ավարտվեց" in m.text and "Ընդհանուր" in m.text for m in group)
        assert any("🏆" in m.text for m in group), "the match result is posted"
        assert "🏁" in h.table_message().text, "the final table shows the finishing order"
        matches = await store.matches.recent(GROUP)
        assert len(matches) == 1
        assert sorted(r.place for r in matches[0].results) == list(range(1, seats + 1))
        assert not h.hand(ARAM).buttons(), "no buttons once the match is over"
        assert len(h.fake.chat(ARAM)) == 2, "one /start reply and one hand message, edited"


async def test_three_humans_play_a_game(store: Store) -> None:
    async with Harness(store) as h:
        humans = [ARAM, ANI, GOR]
        await open_table(h, humans, 0)
        await play_to_the_end(h, store, humans, 7)
        matches = await store.matches.recent(GROUP)
        assert len(matches) == 1
        assert {r.user_id for r in matches[0].results} == set(humans)


async def test_a_refused_press_is_explained_and_a_stale_toggle_does_nothing(store: Store) -> None:
    async with Harness(store) as h:
        await open_table(h, [ARAM, ANI], 0)
        table = await table_of(store, ARAM)
        state = h.runtime.tables.kernel.state_of(table)
        (leader,) = GAME.to_act(state)
        waiter = [ARAM, ANI][1 - leader]
        hand = h.hand([ARAM, ANI][leader])
        answer = await h.press(waiter, hand, actions(hand)[0])
        assert answer.get("show_alert"), "another seat's button"


async def test_a_restart_in_the_middle_of_a_round_goes_on(both_stores: Store) -> None:
    from .fake import FakeTelegram
    fake = FakeTelegram()
    rng = random.Random(3)
    async with Harness(both_stores, fake) as h:
        await open_table(h, [ARAM], 3)
        for _ in range(60):
            table = await table_of(both_stores, ARAM)
            state = h.runtime.tables.kernel.state_of(table)
            if state.table and len(state.round_log) >= 2:
                break
            await act_once(h, both_stores, ARAM, rng)
        before = await table_of(both_stores, ARAM)
        # toggle one card, then the process stops
        seat = next(i for i, s in enumerate(before.seats) if s.user_id == ARAM)
        legal = GAME.legal_actions(h.runtime.tables.kernel.state_of(before), seat)
        if legal:
            first = next(a for a in legal if isinstance(a, Combo)).cards[0] \
                if any(isinstance(a, Combo) for a in legal) else None
            if first is not None:
                await h.press(ARAM, h.hand(ARAM), data_of(h.hand(ARAM), "t", f"+{first}") or "")
        hand = h.hand(ARAM)
    async with Harness(both_stores, fake) as h:
        assert h.hand(ARAM).message_id == hand.message_id
        moves = await play_to_the_end(h, both_stores, [ARAM], 4)
        assert moves > 0
        assert len(await both_stores.matches.recent(GROUP)) == 1
        assert len(fake.chat(ARAM)) == 2, "the same hand message, edited across the restart"


async def test_rules_thirteen_in_the_group(store: Store) -> None:
    async with Harness(store) as h:
        await h.say(ARAM, "/rules thirteen")
        assert "Տասներեք (Tiến lên)" in h.fake.chat(GROUP)[-1].text
        assert "ռումբ" in h.fake.chat(GROUP)[-1].text.lower()
