"""Fair tables (issue 41) in a group: the lobby shows the commitment before any card, 🔒 gives
it whole (and the secret only once the match is over), the seating presses' ids are mixed in,
and the match deals from the secret and that entropy alone."""

from __future__ import annotations

import json
import re

from bot.play.records import Person
from bot.views.fair import page_check
from engine import find_game
from engine.fair import COMMITMENT_TAG, commitment, deals, match_seed, short_form
from storage import Store, TableKey, TableRecord

from .fake import GROUP, Harness
from .web import client_of, page

ARAM = 101
SHORT = re.compile(r"🔒 ([0-9a-f]{4} [0-9a-f]{4})…")


async def test_the_lobby_commits_and_the_match_deals_from_the_secret_and_the_presses(
        store: Store) -> None:
    async with Harness(store, table_seed=None) as h:
        await h.start_private(ARAM)
        await h.say(ARAM, "/new hearts")
        lobby = h.table_message()
        table = await store.tables.get(TableKey(chat_id=GROUP))
        assert table is not None and len(table.secret) == 32 and table.entropy == []
        shown = SHORT.search(lobby.text)
        assert shown and shown[1] == short_form(commitment(table.secret))
        alert = (await h.press(ARAM, lobby, lobby.button("🔒")["callback_data"]))["text"]
        assert commitment(table.secret) in alert and table.secret.hex() not in alert
        fill = next(b for b in lobby.buttons() if b["text"].startswith("🤖×3"))
        ids = [(await h.press(ARAM, lobby, fill["callback_data"]))["callback_query_id"]]
        start = h.table_message().button("▶")["callback_data"]
        ids.append((await h.press(ARAM, h.table_message(), start))["callback_query_id"])
        table = await store.tables.get(TableKey(chat_id=GROUP))
        assert table is not None and table.status == "playing"
        assert table.entropy == [f"tg:{i}" for i in ids]
        assert table.seed == match_seed(table.secret, table.entropy) and table.seed >= 2**256
        game = find_game("hearts")
        hand = tuple(str(c) for c in game.observation(h.runtime.tables.kernel.state_of(table),
                                                     0).hand)
        assert deals("hearts", 4, table.seed, 1)[0][0] == hand
        started = h.table_message()
        assert shown[0] in started.text, "the table keeps its commitment on show"
        lock = started.button("🔒")["callback_data"]
        alert = (await h.press(ARAM, started, lock))["text"]
        assert table.secret.hex() not in alert, "no secret while the match runs"
        await h.say(ARAM, "/stop")
        alert = (await h.press(ARAM, h.table_message(), lock))["text"]
        assert table.secret.hex() in alert, "a closed table's secret is no secret"


async def test_two_tables_started_at_once_with_the_same_players_deal_otherwise(
        store: Store) -> None:
    async with Harness(store, table_seed=None) as h:
        lobby, seeds = h.runtime.tables.lobby, []
        for chat in (-1001, -1002):
            made = await lobby.create(TableKey(chat_id=chat), Person(7, "A"),
                                      "hearts", seat_creator=False)
            await lobby.add_computers(made.table.id or 0, 7, "easy", 4)
            started = await lobby.start(made.table.id or 0, 7, False)
            seeds.append(started.table.seed)
            assert started.table.entropy == [] and len(started.table.secret) * 8 >= 128
        assert seeds[0] != seeds[1]
        assert deals("hearts", 4, seeds[0], 2) != deals("hearts", 4, seeds[1], 2)


async def test_the_page_shows_the_commitment_and_its_presses_bring_their_nonce(
        store: Store) -> None:
    """fair.js sends 16 random bytes with each press: a join from the page records them; a
    value unlike them is not recorded (and the press still counts)."""
    async with Harness(store, table_seed=None) as h:
        await h.start_private(ARAM)
        await h.say(ARAM, "/new hearts")
        table = await store.tables.get(TableKey(chat_id=GROUP))
        assert table is not None and table.id is not None
        client = await client_of(h)
        try:
            ani, gor = await page(client, 102), await page(client, 103)
            scene = await ani.scene(table.id)
            board = [b["text"] for row in scene["board"]["buttons"] for b in row]
            assert "🔒" in board[-1] and any(short_form(commitment(table.secret)) in line["text"]
                                            for line in scene["board"]["lines"])
            join = h.table_message().button("Միանալ")["callback_data"]
            for who, nonce in ((ani, "ab" * 16), (gor, "not hex, or too long" * 4)):
                response = await client.post("/api/press", headers=who.headers,
                                             json={"data": join, "nonce": nonce})
                assert response.status == 200
        finally:
            await client.close()
        table = await store.tables.get(TableKey(chat_id=GROUP))
        assert table is not None and len(table.seats) == 3 and table.entropy == ["page:" + "ab" * 16]


async def test_the_page_gets_the_commitment_while_playing_and_the_secret_only_at_the_end(
        store: Store) -> None:
    """fair.js keeps the commitment from the lobby and checks the secret against it at the
    end: the scene carries the first always, the second never before the match is over."""
    async with Harness(store, table_seed=None) as h:
        await h.start_private(ARAM)
        await h.say(ARAM, "/new hearts")
        lobby = h.table_message()
        fill = next(b for b in lobby.buttons() if b["text"].startswith("🤖×3"))
        await h.press(ARAM, lobby, fill["callback_data"])
        await h.press(ARAM, h.table_message(), h.table_message().button("▶")["callback_data"])
        table = await store.tables.get(TableKey(chat_id=GROUP))
        assert table is not None and table.id is not None and table.status == "playing"
        client = await client_of(h)
        try:
            viewer = await page(client, ARAM)
            scene = await viewer.scene(table.id)
            assert scene["fair"] == {"commitment": commitment(table.secret),
                                     "tag": COMMITMENT_TAG.hex()}
            assert table.secret.hex() not in json.dumps(scene, ensure_ascii=False)
            await h.say(ARAM, "/stop")  # which ends ARAM's session (their only table): a watcher
            scene = await (await page(client, 102)).scene(table.id)
            assert scene["fair"]["secret"] == table.secret.hex()
        finally:
            await client.close()


def test_a_duplicate_rounds_table_keeps_its_secret_from_the_page_until_the_rounds_post() -> None:
    record = TableRecord(key=TableKey(chat_id=GROUP), game="hearts", secret=bytes(range(32)),
                         status="finished", rules={"duplicate": 1})
    assert "secret" not in (check := page_check(record) or {}) and check["commitment"]
    assert page_check(record.model_copy(update={"rules": {}}))["secret"] == record.secret.hex()  # type: ignore[index]
    assert page_check(record.model_copy(update={"secret": b""})) is None
