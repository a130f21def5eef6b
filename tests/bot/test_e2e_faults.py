"""End to end: faults the fake Bot API server injects while a match is played: timeouts, 5xx,
dropped connections, 429 storms with retry_after, "query is too old", a deleted table message, a
player blocking the bot (403) and coming back, a bot stopped with SIGTERM while the API is gone.
No table is stuck, no result is lost or sent twice, and the bot exits within five seconds."""

from __future__ import annotations

import asyncio
import random
import signal
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot import i18n
from tests.fakeapi import FakeBotApi

from .test_e2e import WAIT, act, bot_process, choose, fake_api, hand_message, open_table, posted
from .test_e2e_crashes import is_match_result
from .test_e2e_webhook import free_port, webhook_process

pytestmark = pytest.mark.e2e

TOO_OLD = "Bad Request: query is too old and response timeout expired or query ID is invalid"


def faults(api: FakeBotApi, group: Any) -> list[tuple[str, Callable[[], None]]]:
    table = lambda: api.bot_messages(group)[0]  # noqa: E731  (the table message)
    return [
        ("too old", lambda: api.inject_failure("answerCallbackQuery", status=400,
                                               description=TOO_OLD, times=2)),
        ("5xx", lambda: api.inject_failure("editMessageText", status=502, times=3)),
        ("dropped", lambda: api.inject_failure("editMessageText", drop_connection=True)),
        ("429 storm", lambda: api.inject_failure("*", status=429, retry_after=1, times=8)),
        ("slow send", lambda: api.inject_failure("sendMessage", delay=6.0)),
        ("timeout", lambda: api.inject_failure("editMessageText", delay=6.0)),
        ("deleted", lambda: api.chat(group).messages.pop(table().message_id, None)),
        ("5xx send", lambda: api.inject_failure("sendMessage", status=500, times=2)),
    ]


async def play(api: FakeBotApi, user: int, over: Callable[[], bool]) -> bool:
    """Press as a human would; an answer that never comes (made to fail) does not stop them:
    the hand is redrawn all the same, and they go on from there."""
    def ready() -> Any:
        hand = hand_message(api, user)
        return over() or (hand is not None and choose(hand.callback_data, hand) and hand)

    hand = await api.wait_for(ready, timeout=30)
    if over():
        return False
    before = (hand.message_id, hand.edit_count)
    await api.user_presses(user, user, hand.message_id, choose(hand.callback_data, hand))

    def seen() -> tuple[int, int] | None:
        now = hand_message(api, user)  # none a moment after a Restart: the old hand closed
        return None if now is None else (now.message_id, now.edit_count)

    await api.wait_for(lambda: over() or seen() != before, timeout=30)
    return True


async def test_a_match_survives_every_fault_with_nothing_lost_or_sent_twice(tmp_path: Path) -> None:
    rng = random.Random(12)
    async with fake_api() as api, bot_process(api, tmp_path / "db.sqlite3", tmp_path / "bot.log"):
        aram = api.add_user("Արամ", language_code="hy")
        group = await open_table(api, [aram], 3, "hearts", ("🎯",))  # to 50
        over = lambda: any(is_match_result(m.text) for m in api.bot_messages(group))  # noqa: E731
        pending = faults(api, group)
        injected: list[str] = []
        presses = 0
        while await play(api, aram.id, over):
            presses += 1
            if pending and rng.random() < 0.2:
                name, inject = pending.pop(rng.randrange(len(pending)))
                inject()
                injected.append(name)
            if presses == 20:  # blocks the bot, then starts it again
                await api.user_blocks_bot(aram)
                await asyncio.sleep(1.0)
                await api.user_starts_private(aram)
                injected.append("403 blocked")
        assert len(injected) >= 6, injected
        texts = [m.text for m in api.bot_messages(group)]
        assert sum(map(is_match_result, texts)) == 1
        posts = [t for t in texts if not t.startswith("🃏") and "ավարտվեց" in t]
        assert len(posts) == len(set(posts)), [t[:80] for t, n in Counter(posts).items() if n > 1]
        tables = [c for c in api.calls_to("sendMessage", group)
                  if c.status == 200 and '"h|' in str(c.params.get("reply_markup", ""))]
        assert len(tables) <= 2, "one table message (and one more after it was deleted)"
        assert len([m for m in api.bot_messages(aram.id) if "🃏" in m.text]) == 1


async def test_sigterm_with_the_api_gone_exits_within_five_seconds(tmp_path: Path) -> None:
    async with fake_api() as api:
        aram = api.add_user("Արամ", language_code="hy")
        async with bot_process(api, tmp_path / "db.sqlite3", tmp_path / "bot.log") as process:
            await open_table(api, [aram], 3, "king")
            assert await act(api, aram.id, lambda: False)
            await api.stop()  # the Bot API is gone: every call now fails to connect
            await asyncio.sleep(0.5)
            process.send_signal(signal.SIGTERM)
            await asyncio.wait_for(process.wait(), 20)  # out within its bounded shutdown, or TimeoutError
            assert hand_message(api, aram.id) is not None
        assert process.returncode is not None



def _edits(api: FakeBotApi, user: int) -> tuple[int, int, int]:
    """Which hand message the user sees at the bottom, how often edited, and how many hands."""
    hands = [m for m in api.bot_messages(user) if "🃏" in m.text]
    return (hands[-1].message_id, hands[-1].edit_count, len(hands)) if hands else (0, 0, 0)


def _ready(api: FakeBotApi, user: int) -> Any:
    hand = hand_message(api, user)
    return hand is not None and choose(hand.callback_data, hand) and hand


async def _press(api: FakeBotApi, user: int) -> str:
    """Press what a human would on their hand; wait until it is drawn again; the answer."""
    hand, before = _ready(api, user), _edits(api, user)
    query = await api.user_presses(user, user, hand.message_id, choose(hand.callback_data, hand))
    answer = await api.callback_answer(query, timeout=WAIT)
    await api.wait_for(lambda: _edits(api, user) != before, timeout=WAIT)
    return answer.text if answer.show_alert else ""


@pytest.mark.parametrize(("others", "webhook"), [(0, False), (1, False), (0, True)])
async def test_a_player_who_blocks_mid_deal_and_starts_again_gets_seat_and_hand_back(
        tmp_path: Path, others: int, webhook: bool) -> None:
    """Blocked mid-deal, on their turn: the group is told and a computer plays the seat (at
    once if another human is at the table; alone, at the turn timer's pace). The player
    unblocks (my_chat_member kicked -> member) and sends /start: within 5 s their hand comes,
    as a new message at the bottom of the chat, and the seat is theirs again: their next press
    is a move. Polling, and in webhook mode: both ask for my_chat_member updates."""
    database, log = tmp_path / "db.sqlite3", tmp_path / "bot.log"
    async with fake_api() as api, (webhook_process(api, database, log, free_port()) if webhook
                                   else bot_process(api, database, log)):
        await api.wait_for(lambda: "my_chat_member" in (api.world.allowed_updates or []),
                           timeout=WAIT)  # asked for (Telegram keeps an older list otherwise)
        humans = [api.add_user(name, language_code="hy") for name in ("Արամ", "Բելլա")[:1 + others]]
        aram = humans[0]
        group = await open_table(api, humans, 3 - others, "hearts", ("🎯",))
        away, back = (i18n.t("hy", key, name="").split("․")[1] for key in ("seat-away", "seat-back"))

        def turn() -> int:
            return next((u.id for u in humans if _ready(api, u.id)), 0)

        presses = 0  # the humans pass three cards and play, until it is Aram's turn to play a card
        while True:
            user = await api.wait_for(turn, timeout=WAIT)
            hand = _ready(api, user)
            if user == aram.id and presses >= 6 and any(d.startswith("a|") for d in hand.callback_data):
                break
            assert not await _press(api, user)
            presses += 1
        await api.user_blocks_bot(aram)
        await api.wait_for(lambda: posted(api, group, away), timeout=WAIT)
        if others:  # Bella plays on meanwhile: the screens of Aram's hand now fail with 403
            assert not await _press(api, humans[1].id)
        await asyncio.sleep(0.5)
        shown, sent = _edits(api, aram.id), len(api.bot_messages(aram.id))
        await api.user_starts_private(aram)  # "Restart": my_chat_member (kicked -> member), /start
        await api.wait_for(lambda: _edits(api, aram.id)[0] > shown[0], timeout=WAIT)
        await api.wait_for(lambda: posted(api, group, back), timeout=WAIT)
        last = api.bot_messages(aram.id)[-1]
        assert "🃏" in last.text, "the hand is the newest message in their chat"
        moved = i18n.t("hy", "hand-moved")
        old = await api.wait_for(lambda: next((m for m in api.bot_messages(aram.id)
                                               if m.message_id == shown[0] and m.text == moved), None),
                                 timeout=WAIT)
        assert not old.buttons, "the old hand is closed"
        assert len(api.bot_messages(aram.id)) == sent + 1, "a Restart's two updates: one new hand"
        while (user := await api.wait_for(turn, timeout=WAIT)) != aram.id:
            assert not await _press(api, user)
        assert not await _press(api, aram.id), "their press is a move again"
