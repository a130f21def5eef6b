"""Every press is checked: forged, foreign, stale, repeated, out-of-turn and illegal presses get an
alert in the presser's language and change nothing."""

from __future__ import annotations

from bot import callbacks
from engine import find_game
from engine.cards import CARDS, SUIT_MASKS, cards_of, parse_card
from storage import Store, TableRecord

from .fake import Harness
from .play import actions
from .test_match import open_table

ARAM, ANI, GOR, LILIT = 101, 102, 103, 104
HUMANS = [ARAM, ANI, GOR, LILIT]
STRANGER = 999


async def table_of(store: Store) -> TableRecord:
    table = await store.tables.seat_of(ARAM)
    assert table is not None
    return table


async def refused(h: Harness, store: Store, user: int, data: str, expected: str,
                  lang: str = "hy") -> None:
    before = await table_of(store)
    hand = h.hand(user) if user in HUMANS else h.table_message()
    answer = await h.press(user, hand, data, lang=lang)
    assert answer.get("show_alert") and answer["text"] == expected, answer
    after = await table_of(store)
    assert (after.log, after.version) == (before.log, before.version), "state unchanged"


async def test_bad_presses_change_nothing(store: Store) -> None:
    async with Harness(store) as h:
        await open_table(h, HUMANS, 0)
        table = await table_of(store)
        move = len(table.log)
        state = h.runtime.tables.kernel.state_of(table)
        game = find_game("hearts")
        hand0 = [str(c) for c in game.observation(state, 0).hand]
        hand1 = [str(c) for c in game.observation(state, 1).hand]

        await refused(h, store, ARAM, "x|garbage", "Այս կոճակը չի ճանաչվում")
        await refused(h, store, ARAM, callbacks.encode("a", 77, move, "play:2C"),
                      "Այստեղ սեղան չկա։ Նոր խաղ՝ /new")
        await refused(h, store, STRANGER, callbacks.encode("t", table.id or 0, move, "+" + hand0[0]),
                      "You are not at this table", lang="en")
        await refused(h, store, ARAM, callbacks.encode("t", table.id or 0, move, "+" + hand1[0]),
                      "Այս կոճակը չի ճանաչվում")  # a card of another seat's hand
        await refused(h, store, ARAM, callbacks.encode("t", table.id or 0, move + 5, "+" + hand0[0]),
                      "Այս կոճակն այլևս չի գործում")  # a move number from the future
        await refused(h, store, ARAM, callbacks.encode("c", table.id or 0, move, "pass"),
                      "Նախ ընտրեք 3 քարտ")
        await refused(h, store, ARAM, callbacks.encode("t", table.id or 0, move, hand0[0]),
                      "Այս կոճակը չի ճանաչվում")  # neither + nor -

        # toggles say what they do: pressing "+" twice (a keyboard drawn before the first press)
        # still leaves the card chosen once
        plus = callbacks.encode("t", table.id or 0, move, "+" + hand0[0])
        await h.press(ARAM, h.hand(ARAM), plus)
        await h.press(ARAM, h.hand(ARAM), plus)
        assert (await table_of(store)).seats[0].selection == [hand0[0]]
        await h.press(ARAM, h.hand(ARAM), callbacks.encode("t", table.id or 0, move, "-" + hand0[0]))
        assert (await table_of(store)).seats[0].selection == []

        # a pass confirmed short of cards says how many are still missing, in the presser's words
        confirm = callbacks.encode("c", table.id or 0, move, "pass")
        for card in hand0[:2]:
            await h.press(ARAM, h.hand(ARAM), callbacks.encode("t", table.id or 0, move, "+" + card))
        await refused(h, store, ARAM, confirm, "Ընտրեք ևս մեկ քարտ")
        await refused(h, store, ARAM, confirm, "Choose 1 more card", lang="en")
        await h.press(ARAM, h.hand(ARAM), callbacks.encode("t", table.id or 0, move, "-" + hand0[1]))
        await refused(h, store, ARAM, confirm, "Выберите ещё 2 карты", lang="ru")
        await h.press(ARAM, h.hand(ARAM), callbacks.encode("t", table.id or 0, move, "-" + hand0[0]))

        # all four pass; then an old toggle of ARAM's is stale, and repeating the confirm too
        for user in HUMANS:
            old = actions(h.hand(user))  # the keyboard as first drawn
            for data in [d for d in old if d.startswith("t|")][:3]:
                await h.press(user, h.hand(user), data)
            confirm = next(d for d in actions(h.hand(user)) if d.startswith("c|"))
            await h.press(user, h.hand(user), confirm)
            if user == ARAM:
                await refused(h, store, ARAM, confirm, "Այս կոճակն այլևս չի գործում")
                await refused(h, store, ARAM, old[4],
                              "Այս կոճակն այլևս չի գործում")

        table = await table_of(store)
        state = h.runtime.tables.kernel.state_of(table)
        leader = next(iter(game.to_act(state)))
        other = (leader + 1) % 4
        move = len(table.log)
        other_card = str(game.observation(state, other).hand[-1])
        await refused(h, store, HUMANS[other],
                      callbacks.encode("a", table.id or 0, move, f"play:{other_card}"),
                      "Сейчас не ваш ход", lang="ru")
        await refused(h, store, HUMANS[leader], callbacks.encode(
            "a", table.id or 0, move, f"play:{other_card}"), "Այդ քարտը ձեր ձեռքում չկա")
        lead = next(d for d in actions(h.hand(HUMANS[leader])) if d.startswith("a|"))
        await h.press(HUMANS[leader], h.hand(HUMANS[leader]), lead)
        await refused(h, store, HUMANS[leader], lead, "Այս կոճակն այլևս չի գործում")

        # the next player may not ignore the led suit (clubs) while holding one
        table = await table_of(store)
        state = h.runtime.tables.kernel.state_of(table)
        hand = state.hands[other]
        off_suit = [c for c in cards_of(hand & ~SUIT_MASKS[0])]
        if hand & SUIT_MASKS[0] and off_suit:
            await refused(h, store, HUMANS[other], callbacks.encode(
                "a", table.id or 0, len(table.log), f"play:{CARDS[off_suit[0]]}"),
                "Պետք է գալ նույն մաստով")


async def test_my_hand_alert_shows_only_the_pressers_hand(store: Store) -> None:
    async with Harness(store) as h:
        await open_table(h, [ARAM], 3)
        button = h.table_message().button("👀")["callback_data"]
        answer = await h.press(ARAM, h.table_message(), button)
        table = await table_of(store)
        state = h.runtime.tables.kernel.state_of(table)
        mine = find_game("hearts").observation(state, 0).hand
        assert answer["show_alert"] and len(answer["text"]) <= 200
        assert answer["text"].count(" ") >= len(mine) - 4
        answer = await h.press(STRANGER, h.table_message(), button)
        assert answer["text"] == "Դուք այս սեղանի շուրջ չեք"


async def test_a_fourth_card_toggled_into_a_pass_is_refused(store: Store) -> None:
    """A keyboard drawn before the third card was chosen still shows '+' on the others: the
    press is refused in the presser's language and the three chosen stay as they were."""
    async with Harness(store) as h:
        await open_table(h, HUMANS, 0)
        table = await table_of(store)
        move = len(table.log)
        state = h.runtime.tables.kernel.state_of(table)
        hand = [str(c) for c in find_game("hearts").observation(state, 0).hand]
        old = actions(h.hand(ARAM))  # every card offered
        for card in hand[:3]:
            await h.press(ARAM, h.hand(ARAM), callbacks.encode("t", table.id or 0, move, "+" + card))
        fourth = callbacks.encode("t", table.id or 0, move, "+" + hand[3])
        await refused(h, store, ARAM, fourth, "Արդեն ընտրված է 3 քարտ, ավելին չի կարելի․ նախ հանեք մեկը")
        await refused(h, store, ARAM, fourth, "3 cards chosen and no more fit: unchoose one first",
                      lang="en")
        assert fourth in old
        assert (await table_of(store)).seats[0].selection == sorted(hand[:3], key=parse_card)
        # unchoosing one makes room again
        await h.press(ARAM, h.hand(ARAM), callbacks.encode("t", table.id or 0, move, "-" + hand[0]))
        await h.press(ARAM, h.hand(ARAM), fourth)
        assert sorted((await table_of(store)).seats[0].selection) == sorted(hand[1:4])
