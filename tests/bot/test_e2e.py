"""End to end: the real bot process (python -m bot) against the fake Bot API server.

1. a group opens a Hearts table; one human and three computers play the whole match to 100, and
   every message the human sees is checked;
2. four humans play a whole deal, then the creator stops the table;
3. the bot is killed (SIGKILL) mid-deal and started again: the deal goes on, in the same messages.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from bot import i18n
from bot.settings import LANGUAGES
from tests.fakeapi import FakeBotApi

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
SUITS = "♠♥♦♣"
FACE = re.compile(r"(?:10|[2-9JQKA])[♠♥♦♣]")
DEAL = re.compile(r"(\d+)-(?:ին|րդ) խաղափուլ ")
WAIT = 15.0
# once the human's team has left a 56 match (at 8 seats it was out after 2 deals), computers
# play on for dozens of deals with nothing to press: on a loaded machine over 15 s (a ceiling)
MATCH_WAIT = 120.0
START_WAIT = 180.0  # a bot process starting on a loaded machine: a ceiling, not a pace


def fake_api() -> FakeBotApi:
    # a "minute" of 3 s and a "second" of 50 ms, so the flood limits bite at test speed; the bot
    # is told the same scaled limits (bot_process)
    return FakeBotApi(time_scale=0.05, callback_query_ttl=60.0)


async def test_a_token_telegram_refuses_is_one_clear_line(tmp_path: Path) -> None:
    async with fake_api() as api:
        env = {**os.environ, "TELEGRAM_BOT_TOKEN": "7000000001:" + "x" * 35,
               "TELEGRAM_API_BASE_URL": api.base_url, "DATABASE_PATH": str(tmp_path / "db"),
               "PYTHONPATH": str(ROOT), "TABLE_SEED": "7", "COMPUTER_SEED": "7",
           "LOG_LEVEL": "DEBUG"}  # the same deals every run: replayable
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", cwd=tmp_path, env=env,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        out, err = await asyncio.wait_for(process.communicate(), 30)
    assert process.returncode == 2
    assert "Traceback" not in err.decode() and "@BotFather" in err.decode().splitlines()[-1]


def bot_env(api: FakeBotApi, database: Path | str) -> dict[str, str]:
    """``database``: a SQLite file, or a PostgreSQL URL (a str)."""
    where = ({"DATABASE_URL": database} if isinstance(database, str) else
             {"DATABASE_PATH": str(database)})
    return {**os.environ, "TELEGRAM_BOT_TOKEN": api.token, "TELEGRAM_API_BASE_URL": api.base_url,
           **where, "TURN_SECONDS": "60",
           "FLOOD_MINUTE_SECONDS": "3", "CHAT_MESSAGES_PER_SECOND": "20",
           "PYTHONPATH": str(ROOT), "TABLE_SEED": "7", "COMPUTER_SEED": "7",
           "LOG_LEVEL": "DEBUG"}  # the same deals every run: replayable


@asynccontextmanager
async def bot_process(api: FakeBotApi, database: Path | str, log: Path,
                      unset: tuple[str, ...] = ()) -> AsyncIterator[Any]:
    """``unset``: settings left out (TABLE_SEED: tables dealt from a secret, issue 41)."""
    env = {k: v for k, v in bot_env(api, database).items() if k not in unset}
    menus = len(api.calls_to("setMyCommands"))
    with log.open("a") as out:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", cwd=ROOT, env=env, stdout=out, stderr=out)
    try:  # up once its command menus are set (a long poll is logged only when it returns);
        # the event, not a time: on a loaded 2-core machine a start-up has taken over 40 s
        await api.wait_for(lambda: len(api.calls_to("setMyCommands")) >= menus + 8,
                           timeout=START_WAIT)
        yield process
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(process.wait(), 10)
            except TimeoutError:
                process.kill()
                await process.wait()


def hand_message(api: FakeBotApi, user: int) -> Any:
    return next((m for m in reversed(api.bot_messages(user)) if "🃏" in m.text), None)


def held(text: str) -> set[str]:
    """The card faces in a hand message's suit lines ('♠ A 10 7' -> A♠, 10♠, 7♠)."""
    faces = set()
    for line in text.splitlines():
        if line[:1] in SUITS:
            faces |= {rank + line[0] for rank in line[2:].split()}
    return faces


def check_what_the_human_sees(api: FakeBotApi, group: int, user: int) -> None:
    hand = hand_message(api, user)
    mine = held(hand.text)
    for message in api.bot_messages(group):
        if DEAL.findall(message.text) != DEAL.findall(hand.text):
            continue  # a table drawn in another deal (the group's edits may lag behind)
        shown = set(FACE.findall(message.text))
        assert not shown & mine, f"the group shows {shown & mine} from the human's hand"
    for message in api.bot_messages(user):
        assert len(message.text) <= 4096
        assert all(len(d.encode()) <= 64 for d in message.callback_data)
    for data in hand.callback_data:
        if data.startswith(("a|", "t|")):
            card = data.rsplit("|", 1)[1].removeprefix("play:").lstrip("+-")
            assert FACE.match(_face(card)) and _face(card) in mine, (card, mine)


def _face(code: str) -> str:
    rank = "10" if code[0] == "T" else code[0]
    return rank + dict(zip("SHDC", SUITS, strict=True))[code[1]]


def choose(data: list[str], hand: Any) -> str | None:
    """What a human presses: an action button (a card, a call, a suggested combination, Pass);
    else toggles until three are chosen, then confirm (Hearts' pass); else a picker's step."""
    plays = [d for d in data if d.startswith("a|")]
    if plays:
        return plays[-1]
    toggles = [d for d in data if d.startswith("t|")]
    if toggles:
        chosen = [b["callback_data"] for b in hand.buttons if b["text"].startswith("✅")]
        free = [d for d in toggles if d not in chosen]
        confirm = [d for d in data if d.startswith("c|")]
        return free[0] if len(chosen) < 3 or not confirm else confirm[0]
    steps = [d for d in data if d.startswith("p|") and not d.endswith("|")]  # a picker, not Back
    return steps[0] if steps else None


STALE = {i18n.t(lang, "error-stale") for lang in LANGUAGES}


async def act(api: FakeBotApi, user: int, done: Any, stale: list[str] | None = None,
              wait: float = WAIT) -> bool:
    """Wait until the user may act (or ``done()``), press, and wait for the hand to change.
    ``stale`` collects "stale button" alerts instead of failing: with several humans, an edit caused by another player's move can reach this
    user's hand after their own press but drawn before it; pressing it again is rightly refused
    as stale, and the next edit brings the hand up to date. ``wait``: the ceiling for the hand
    to offer a move or ``done()``."""
    def ready() -> Any:
        hand = hand_message(api, user)
        return done() or (hand is not None and choose(hand.callback_data, hand) and hand)

    hand = await api.wait_for(ready, timeout=wait)
    if done():
        return False
    before = (hand.message_id, hand.edit_count)
    query = await api.user_presses(user, user, hand.message_id, choose(hand.callback_data, hand))
    answer = await api.callback_answer(query, timeout=WAIT)
    assert not answer.show_alert or (stale is not None and answer.text in STALE), answer.text
    if answer.show_alert and stale is not None:
        stale.append(answer.text)
    await api.wait_for(lambda: done() or (hand_message(api, user).message_id,
                                          hand_message(api, user).edit_count) != before,
                       timeout=WAIT)
    return True


async def open_table(api: FakeBotApi, humans: list[Any], computers: int, game: str = "hearts",
                     options: tuple[str, ...] = (), group: Any = None) -> Any:
    """A lobby of ``game``: the others join, computers fill, ``options`` are pressed, start;
    in a new group, or in ``group`` (whose humans have started the bot already)."""
    if group is None:
        group = api.add_group("Սեղան", members=humans, admins=[], creator=humans[0])
        for user in humans:
            await api.user_starts_private(user)
            await api.wait_for_bot_message(user.id, timeout=WAIT)
    said = await api.user_sends(humans[0], group, f"/new {game}")
    lobby = await api.wait_for_bot_message(group, after=said.message_id, timeout=WAIT)

    async def press(user: Any, prefix: str) -> None:
        current = api.messages(group)
        message = next(m for m in current if m.message_id == lobby.message_id)
        data = next(b["callback_data"] for b in message.buttons if b["text"].startswith(prefix))
        edits = message.edit_count
        answer = await api.callback_answer(
            await api.user_presses(user, group, lobby.message_id, data), timeout=WAIT)
        assert not answer.show_alert, answer.text
        await api.wait_for(lambda: next(m for m in api.messages(group)
                                        if m.message_id == lobby.message_id).edit_count > edits,
                           timeout=WAIT)

    for user in humans[1:]:
        await press(user, "Միանալ")
    while computers > 0:  # a fill button while it adds no more than wanted, else one at a time
        lobby_now = next(m for m in api.messages(group) if m.message_id == lobby.message_id)
        fill = next(b["text"] for b in lobby_now.buttons if b["text"].startswith("🤖×"))
        count = int(fill[2:].split()[0])
        if count <= computers:
            await press(humans[0], fill.split()[0] + " Միջին")
        else:
            count = 1
            await press(humans[0], "🤖 +1")
            await press(humans[0], "Միջին")
        computers -= count
    for option in options:
        await press(humans[0], option)
    await press(humans[0], "▶")
    return group


def posted(api: FakeBotApi, group: Any, marker: str) -> bool:
    return any(marker in m.text for m in api.bot_messages(group))


async def test_one_human_and_three_computers_play_to_100(tmp_path: Path) -> None:
    async with fake_api() as api, bot_process(api, tmp_path / "db.sqlite3", tmp_path / "bot.log"):
        aram = api.add_user("Արամ", username="aram", language_code="hy")
        group = await open_table(api, [aram], 3)
        over = lambda: posted(api, group, "🏆")  # noqa: E731
        while await act(api, aram.id, over):
            check_what_the_human_sees(api, group.id, aram.id)
        assert posted(api, group, "Ընդհանուր")
        result = next(m for m in api.bot_messages(group) if "🏆" in m.text)
        assert re.search(r"\b1\. ", result.text)
        assert len([m for m in api.bot_messages(aram.id) if "🃏" in m.text]) == 1, "one hand message"
        assert not [c for c in api.calls if c.status >= 400 and c.status != 429]


@pytest.mark.parametrize(("game", "computers", "options"), [
    ("king", 3, ()), ("bazar_blot", 3, ()), ("bazar_blot", 3, ("🎯",)), ("fifty_six", 3, ("🪙",)),
    ("fifty_six", 5, ("🪙",)), ("fifty_six", 7, ("🪙",)), ("thirteen", 3, ()), ("thirteen", 2, ()), ("thirteen", 1, ())])
async def test_one_human_plays_a_whole_match_of_each_game(tmp_path: Path, game: str,
                                                          computers: int,
                                                          options: tuple[str, ...]) -> None:
    """From the private buttons only: cards, picker steps, Pass; Blot to 301 (🎯), 56 at 4, 6
    and 8 seats with 6 tables a team (🪙)."""
    async with fake_api() as api, bot_process(api, tmp_path / "db.sqlite3", tmp_path / "bot.log"):
        aram = api.add_user("Արամ", username="aram", language_code="hy")
        group = await open_table(api, [aram], computers, game, options)
        if options == ("🎯",):  # the table's header while it runs (the finished table says who won)
            await api.wait_for(lambda: posted(api, group, "301"), timeout=WAIT)
        over = lambda: posted(api, group, "🏆")  # noqa: E731  (the match result post)
        moves = 0
        while await act(api, aram.id, over, wait=MATCH_WAIT):
            moves += 1
        assert moves > 0 and posted(api, group, "ավարտվեց")
        if game == "fifty_six" and computers > 3:
            assert posted(api, group, "դուրս է գալիս"), "a team ran out of tables and left"
        assert len([m for m in api.bot_messages(aram.id) if "🃏" in m.text]) == 1, "one hand message"
        assert not [c for c in api.calls if c.status >= 400 and c.status != 429]


GAMES = ("hearts", "king", "bazar_blot", "fifty_six", "thirteen")


@pytest.fixture(params=["sqlite", "postgres"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Path | str:
    """Each backend the bot runs on: a SQLite file, a PostgreSQL database."""
    if request.param == "sqlite":
        return tmp_path / "db.sqlite3"
    url: str = request.getfixturevalue("postgres_db")
    return url


@pytest.mark.parametrize("game", GAMES)
async def test_four_humans_play_a_deal_and_the_creator_stops(tmp_path: Path, game: str,
                                                             database: Path | str) -> None:
    async with fake_api() as api, bot_process(api, database, tmp_path / "bot.log"):
        humans = [api.add_user(n, language_code=lang) for n, lang in
                  (("Արամ", "hy"), ("Ani", "en"), ("Гор", "ru"), ("Լիլիթ", "hy"))]
        group = await open_table(api, humans, 0, game)
        deal_over = lambda: posted(api, group, "ավարտվեց")  # noqa: E731

        stale: list[str] = []
        presses = 0

        async def player(user: Any) -> None:
            nonlocal presses
            while await act(api, user.id, deal_over, stale):
                presses += 1

        await asyncio.gather(*(player(u) for u in humans))
        assert presses >= (52 + 16 if game == "hearts" else 4), presses
        assert len(stale) <= presses // 10 + 1, (presses, stale)
        for user, lang in zip(humans, ("hy", "en", "ru", "hy"), strict=True):
            word = i18n.t(lang, f"game-{game}")
            assert word in hand_message(api, user.id).text, "each hand in its reader's language"
        if game == "thirteen":  # a one-game match: its deal was the match
            await api.wait_for(lambda: posted(api, group, "🏆"), timeout=WAIT)
            return
        await api.user_sends(humans[0], group, "/stop")
        table = api.bot_messages(group)[0]
        await api.wait_for(lambda: "փակվեց" in table.text, timeout=WAIT)


@pytest.mark.parametrize("game", GAMES)
async def test_killed_mid_deal_and_restarted(tmp_path: Path, game: str) -> None:
    database, log = tmp_path / "db.sqlite3", tmp_path / "bot.log"
    async with fake_api() as api:
        aram = api.add_user("Արամ", language_code="hy")
        async with bot_process(api, database, log) as process:
            group = await open_table(api, [aram], 3, game)
            for _ in range(3 if game == "thirteen" else 6):
                assert await act(api, aram.id, lambda: False)
            process.kill()  # SIGKILL: no shutdown at all
            await process.wait()
        hand = hand_message(api, aram.id)
        async with bot_process(api, database, log):
            deal_over = lambda: posted(api, group, "ավարտվեց")  # noqa: E731
            while await act(api, aram.id, deal_over):
                pass
        assert hand_message(api, aram.id).message_id == hand.message_id, "the same hand message"
        text = log.read_text()
        assert "Bot API URL" in text and api.token not in text, "the token is never logged"
        assert api.bot_messages(group)[0].edit_count > 0


async def test_a_second_process_on_the_same_database_refuses_to_start(tmp_path: Path) -> None:
    async with fake_api() as api, bot_process(api, tmp_path / "db.sqlite3", tmp_path / "bot.log"):
        second = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", cwd=ROOT, env=bot_env(api, tmp_path / "db.sqlite3"),
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        out, err = await asyncio.wait_for(second.communicate(), 20)
        assert second.returncode == 2 and err.decode().count("\n") == 1, err.decode()
        assert "another Seghan process" in err.decode()


async def test_two_matches_then_top_stats_history_and_the_race_photos(tmp_path: Path) -> None:
    """Issue 18: Thirteen, then 56 in the same group (one human, computers filling), each ending
    with a summary (places, rating changes, rematch) and the score race through sendPhoto; then
    /top, /stats and /history show both, and a history button sends a match's sheet privately."""
    async with fake_api() as api, bot_process(api, tmp_path / "db.sqlite3", tmp_path / "bot.log"):
        aram = api.add_user("Արամ", username="aram", language_code="hy")
        group: Any = None

        def photos() -> list[Any]:
            return [m for m in api.bot_messages(group) if m.photo is not None]

        def summaries() -> list[Any]:  # the match result posts (a deal's never has the cup)
            return [m for m in api.bot_messages(group) if m.text.startswith("🏆")]

        for number, (game, options) in enumerate((("thirteen", ()), ("fifty_six", ("🪙",))), 1):
            group = await open_table(api, [aram], 3, game, options, group)
            while await act(api, aram.id, lambda n=number: len(summaries()) >= n):
                pass
            await api.wait_for(lambda n=number: len(photos()) >= n, timeout=WAIT)
            summary = summaries()[-1]
            assert "📈" in summary.text and "Արամ" in summary.text
            assert any(b["text"].startswith("🔁") for b in summary.buttons), "rematch stays"
            photo = photos()[-1]
            assert photo.message_id > summary.message_id
            assert photo.photo.startswith(b"\x89PNG") and i18n.t("hy", f"game-{game}") in photo.text
        sent = api.calls_to("sendPhoto", group)
        assert len(sent) == 2 and all(c.status == 200 for c in sent)

        async def command(text: str, chat: Any) -> Any:
            said = await api.user_sends(aram, chat, text)
            return await api.wait_for_bot_message(chat, after=said.message_id, timeout=WAIT)

        names = (i18n.t("hy", "game-thirteen"), i18n.t("hy", "game-fifty_six"))
        top = await command("/top", group)
        assert all(n in top.text for n in names) and "Արամ" in top.text and "🤖" in top.text
        stats = await command("/stats", group)
        assert all(n in stats.text for n in names), stats.text
        history = await command("/history", group)
        assert all(n in history.text for n in names), history.text
        assert history.text.index(names[1]) < history.text.index(names[0]), "newest first"
        data = next(b["callback_data"] for b in history.buttons if b["text"] == "📋 2")
        mine = max(m.message_id for m in api.bot_messages(aram.id))
        query = await api.user_presses(aram, group, history.message_id, data)
        assert not (await api.callback_answer(query, timeout=WAIT)).show_alert
        sheet = await api.wait_for_bot_message(aram.id, after=mine, timeout=WAIT)
        assert "Σ" in sheet.text and names[0] in sheet.text, "the sheet goes to whoever asked"
        assert not [m for m in api.bot_messages(group) if m.message_id > history.message_id]
        forged = await api.user_presses(aram, group, history.message_id, "v|77|0|", forge=True)
        answer = await api.callback_answer(forged, timeout=WAIT)
        assert answer.show_alert and answer.text == i18n.t("hy", "error-stale")
        private = await command("/stats", aram.id)
        assert all(n in private.text for n in names)
        assert not [c for c in api.calls if c.status >= 400 and c.status != 429]
