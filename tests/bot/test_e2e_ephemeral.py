"""End to end, issue 43: hands as ephemeral messages in the group (Bot API 10.2), the real bot
process against the fake Bot API.

1. four humans who never opened the bot play a whole Hearts match, and a Bazar Blot deal with
   its auction, in the group alone: no private message; every ephemeral call goes to the seat's
   own person, and no hand shown to one holds a card dealt to another;
2. the same with every ephemeral message expiring after 60 s and a tenth of the edits dropped:
   each turn's hand is usable (its first press never refused), nothing is lost;
3. a mixed table (two hands in private, two in the group), the bot killed and started again
   mid-deal (the same ephemeral hands edited on), and a press on an old ephemeral hand.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot import i18n
from tests.fakeapi import FakeBotApi

from .test_e2e import (
    DEAL,
    STALE,
    WAIT,
    act,
    bot_process,
    choose,
    fake_api,
    held,
    open_table,
    posted,
)

pytestmark = pytest.mark.e2e
MATCH_WAIT = 120.0


def hand_of(api: FakeBotApi, group: Any, user: Any) -> Any:
    """The newest hand the user sees in the group (as their app shows it)."""
    return next((m for m in reversed(api.ephemeral_messages(group, user))
                 if "🃏" in m.seen_text), None)


class Table:
    """Four players pressing on their ephemeral hands; what they met on the way."""

    def __init__(self, api: FakeBotApi, group: Any) -> None:
        self.api, self.group = api, group
        self.presses = 0
        self.stale: list[str] = []  # presses refused as stale (another's move came between)
        # presses refused on a hand as the bot last set it (when all play at once, another's
        # move may come between drawing and pressing, as in private)
        self.unusable = 0
        # presses refused on a hand Telegram left outdated (an edit dropped between turns): the
        # bot cannot know; the refusal brings the hand anew
        self.outdated = 0
        self.bidders: set[int] = set()  # who opens a picker (a bid) once, rather than passing

    def seen(self, user: Any) -> tuple[Any, ...] | None:
        """The user's hand as they see it, and as Telegram has it (a dropped edit changes only
        the latter: the bot has answered all the same)."""
        hand = hand_of(self.api, self.group, user)
        return None if hand is None else (hand.seq, hand.seen_text, tuple(hand.callback_data),
                                          hand.text, hand.edit_count)

    async def act(self, user: Any, done: Callable[[], bool], wait: float = WAIT) -> bool:
        """Wait for a hand that offers a move (or ``done()``), press it; a press refused as
        stale is pressed again on the next hand."""
        first = True
        while True:
            def ready() -> Any:
                hand = hand_of(self.api, self.group, user)
                return done() or (hand is not None and choose(hand.callback_data, hand) and hand)

            hand = await self.api.wait_for(ready, timeout=wait)
            if done():
                return False
            before = self.seen(user)
            behind = (hand.seen_text, hand.seen_markup) != (hand.text, hand.reply_markup)
            data = self.choose(user, hand)
            query = await self.api.user_presses_ephemeral(user, self.group,
                                                          hand.ephemeral_message_id, data)
            answer = await self.api.callback_answer(query, timeout=WAIT)
            self.presses += 1
            if not answer.show_alert:
                await self.api.wait_for(lambda b=before: done() or self.seen(user) != b
                                        or not self._offers(user), timeout=WAIT)
                return True
            assert answer.text in STALE, answer.text
            self.stale.append(answer.text)
            self.outdated += behind
            self.unusable += first and not behind
            first = False
            await self.api.wait_for(lambda b=before: done() or self.seen(user) != b,
                                    timeout=WAIT)

    def choose(self, user: Any, hand: Any) -> str:
        steps = [d for d in hand.callback_data if d.startswith("p|") and not d.endswith("|")]
        if user.id in self.bidders and steps:
            self.bidders.discard(user.id)
            return steps[0]
        data = choose(hand.callback_data, hand)
        assert data is not None
        return data

    def _offers(self, user: Any) -> bool:
        hand = hand_of(self.api, self.group, user)
        return hand is not None and bool(choose(hand.callback_data, hand))

    async def play(self, humans: list[Any], done: Callable[[], bool],
                   wait: float = WAIT) -> None:
        async def player(user: Any) -> None:
            while await self.act(user, done, wait):
                pass
        await asyncio.gather(*(player(u) for u in humans))


def audit(api: FakeBotApi, group: Any, humans: list[Any]) -> None:
    """Every ephemeral call went to a seated person in the group; the first hand each was shown
    in a deal (the one dealt them) holds no card dealt to another; no private message."""
    ids = {u.id for u in humans}
    dealt: dict[tuple[str, int], set[str]] = {}
    for payload in api.ephemeral_log:
        assert payload.chat_id == group.id and payload.receiver_id in ids, payload
        deal = DEAL.findall(payload.text)
        if "🃏" in payload.text and deal:
            dealt.setdefault((deal[0], payload.receiver_id), held(payload.text))
    for (deal, receiver), cards in dealt.items():
        for (other_deal, other), theirs in dealt.items():
            if other_deal == deal and other != receiver:
                assert not cards & theirs, f"deal {deal}: {cards & theirs} shown to two seats"
    assert not [c for c in api.calls if c.method in ("sendMessage", "sendPhoto") and c.chat_id
                and c.chat_id > 0], "no private message"


def turn_hands_are_sent(api: FakeBotApi) -> int:
    """Every hand that offers its player a move at a new move number (their turn, or a new
    step of a phase they all play at once) came as a new message, which Telegram delivers; only
    a hand at the same move (a toggled card, a picker's step) was an edit, which it may drop.
    Returns how many turn hands there were."""
    turns, last = 0, dict[int, str]()
    for payload in api.ephemeral_log:
        data = [b.get("callback_data", "") for row in (payload.reply_markup or {}).get(
            "inline_keyboard", []) for b in row]
        moves = {d.split("|")[2] for d in data if d[:2] in ("a|", "t|", "c|", "p|")}
        if not moves:
            last.pop(payload.receiver_id, None)
            continue
        (move,) = moves
        if last.get(payload.receiver_id) != move:
            assert payload.method == "sendMessage", f"a turn's hand came as {payload.method}"
            turns += 1
        last[payload.receiver_id] = move
    return turns


def newcomers(api: FakeBotApi, count: int = 4) -> tuple[Any, list[Any]]:
    humans = [api.add_user(n, language_code=lang) for n, lang in
              (("Արամ", "hy"), ("Ani", "en"), ("Гор", "ru"), ("Լիլիթ", "hy"))[:count]]
    return api.add_group("Սեղան", members=humans, admins=[], creator=humans[0]), humans


async def test_four_newcomers_play_a_whole_hearts_match_in_the_group(tmp_path: Path) -> None:
    async with fake_api() as api, bot_process(api, tmp_path / "db.sqlite3", tmp_path / "log"):
        group, humans = newcomers(api)
        await open_table(api, humans, 0, "hearts", ("🎯",), group)
        table = Table(api, group)
        await table.play(humans, lambda: posted(api, group, "🏆"), MATCH_WAIT)
        assert table.presses >= 2 * (52 + 12), table.presses
        assert len(table.stale) <= table.presses // 10 + 1, (table.presses, table.stale)
        audit(api, group, humans)
        assert turn_hands_are_sent(api) >= 2 * 52
        words = [i18n.t(lang, "game-hearts") for lang in ("hy", "en", "ru", "hy")]
        for user, word in zip(humans, words, strict=True):
            assert word in hand_of(api, group, user).seen_text, "each in their own language"
        assert not [c for c in api.calls if c.status >= 400 and c.status != 429], \
            [(c.method, c.description) for c in api.calls if c.status >= 400]


async def test_four_newcomers_play_a_bazar_blot_deal_with_its_auction(tmp_path: Path) -> None:
    async with fake_api() as api, bot_process(api, tmp_path / "db.sqlite3", tmp_path / "log"):
        group, humans = newcomers(api)
        await open_table(api, humans, 0, "bazar_blot", (), group)
        table = Table(api, group)
        table.bidders = {humans[0].id, humans[1].id}  # the auction: a bid, a higher one
        await table.play(humans, lambda: posted(api, group, "ավարտվեց"), MATCH_WAIT)
        assert table.presses >= 4 + 32, table.presses
        audit(api, group, humans)


async def test_expiring_messages_and_dropped_edits(tmp_path: Path) -> None:
    """Every ephemeral message expires 60 s after it is sent and a tenth of the edits never
    arrive: the hand of a turn is a new message (sent, never dropped), so every press on a hand
    Telegram shows as the bot last set it is taken; a press on one a dropped edit left outdated
    (between turns) is refused as stale and brings the hand anew; nothing is lost, no move is
    made twice (each card played once: the deal ends)."""
    async with fake_api() as api, bot_process(api, tmp_path / "db.sqlite3", tmp_path / "log"):
        api.set_ephemeral_ttl(60.0)
        api.drop_ephemeral_edits(0.1, seed=43)
        group, humans = newcomers(api)
        await open_table(api, humans, 0, "hearts", (), group)
        table = Table(api, group)
        await table.play(humans, lambda: posted(api, group, "ավարտվեց"), MATCH_WAIT)
        dropped = sum(1 for p in api.ephemeral_log if not p.delivered)
        print(f"presses {table.presses}, stale {len(table.stale)} (on a hand left outdated by "
              f"a dropped edit {table.outdated}, on an up-to-date one {table.unusable}), dropped "
              f"edits {dropped}")
        assert dropped > 0, "the fake dropped some edits"
        assert turn_hands_are_sent(api) >= 52, "a hand at every turn, surely delivered"
        assert table.presses >= 52 + 12
        assert table.outdated <= dropped, "a dropped edit costs at most one refused press"
        assert table.unusable <= table.presses // 10 + 1, (table.presses, table.stale)
        audit(api, group, humans)


async def test_mixed_table_restart_and_a_stale_press(tmp_path: Path) -> None:
    """Two players opened the bot (their hands in private), two never did (in the group); the
    bot is killed mid-deal and started again: each hand goes on in its own message; a press on
    an old ephemeral hand is refused as stale, in the presser's language."""
    database, log = tmp_path / "db.sqlite3", tmp_path / "log"
    async with fake_api() as api:
        group, humans = newcomers(api)
        private, ephemeral = humans[:2], humans[2:]
        table = Table(api, group)
        async with bot_process(api, database, log) as process:
            for user in private:
                await api.user_starts_private(user)
                await api.wait_for_bot_message(user.id, timeout=WAIT)
            await open_table(api, humans, 0, "hearts", (), group)
            for user in ephemeral:
                await api.wait_for(lambda u=user: hand_of(api, group, u), timeout=WAIT)
            first = {u.id: hand_of(api, group, u) for u in ephemeral}
            old = {u.id: (m.ephemeral_message_id, m.seen_text) for u in ephemeral
                   if (m := first[u.id]) is not None}
            process.kill()
            await process.wait()
        assert all(hand_of(api, group, u) is None for u in private), "theirs are in private"
        async with bot_process(api, database, log):
            deal_over = lambda: posted(api, group, "ավարտվեց")  # noqa: E731

            async def in_private(user: Any) -> None:
                stale: list[str] = []
                while await act(api, user.id, deal_over, stale):
                    pass

            async def in_group(user: Any) -> None:
                while await table.act(user, deal_over):
                    pass
            await asyncio.gather(*(in_private(u) for u in private),
                                 *(in_group(u) for u in ephemeral))
            for user in ephemeral:  # the hand dealt before the restart was kept edited
                sent = [p for p in api.ephemeral_log if p.receiver_id == user.id]
                assert sent[0].ephemeral_message_id == old[user.id][0]
            await stale_press(api, group, ephemeral[0])
        assert not [c for c in api.calls if c.method == "sendMessage" and c.chat_id
                    in {u.id for u in ephemeral}], "nothing private for those in the group"


async def stale_press(api: FakeBotApi, group: Any, user: Any) -> None:
    """A card of an old hand pressed (forged onto the hand they see now: the old message is
    gone): refused as stale in Russian, the player's language."""
    hand = hand_of(api, group, user)
    assert hand is not None
    old = next(p.reply_markup for p in api.ephemeral_log if p.receiver_id == user.id
               and p.reply_markup and "a|" in str(p.reply_markup))
    data = next(b["callback_data"] for row in old["inline_keyboard"] for b in row
                if b.get("callback_data", "").startswith("a|"))
    query = await api.user_presses_ephemeral(user, group, hand.ephemeral_message_id, data,
                                             forge=True)
    answer = await api.callback_answer(query, timeout=WAIT)
    assert answer.show_alert and answer.text == i18n.t("ru", "error-stale"), answer.text
