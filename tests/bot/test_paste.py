"""A deal in one paste (issue 41) through the bot: 📄 under a replay (and its /start paste_ link)
gives the deal's text to the members of the match's chat, which engine.paste reads back and
replays to the same result; while the match goes on, the viewer's own hand only; the page opens
a pasted deal of every game as a replay."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from bot import i18n
from bot.coach.replay import deal_frames
from bot.social import results
from engine import GAME_NAMES, find_game
from engine.paste import cut, dumps, loads, replay
from storage import Store
from storage.memory.store import MemoryStore

from .fake import GROUP, Harness
from .play import act_once
from .test_coach import ANI, ARAM, normal_match, stored_table
from .test_leaks import faces
from .web import client_of, page

PRE = re.compile(r"<pre>(.*?)</pre>", re.S)
STRANGER = 300


def pasted(text: str) -> str:
    found = PRE.search(text)
    assert found, text
    return html.unescape(found[1])


async def test_a_stored_deal_pastes_for_the_chat_and_replays_alone(store: Store) -> None:
    game, players, log, final = normal_match("hearts")
    story = await results.finish(store, game, stored_table(game, log), final, 1.0)
    async with Harness(store) as h:
        h.fake.left.add(STRANGER)
        await h.start_private(ANI)
        await h.say(ANI, f"/start paste_m{story.match.id}_2", chat=ANI)
        text = h.fake.chat(ANI)[-1].text
        paste = loads(pasted(text))
        assert paste == cut("hearts", players, 4, log, 2, names=paste.seats)
        assert paste.seats[:2] == ("Արամ", "Անի") and paste.result is not None
        replay(paste)  # ends as it says
        assert f"?start=paste_m{story.match.id}_2" in text, "the link that shares it"
        await h.start_private(STRANGER)
        await h.say(STRANGER, f"/start paste_m{story.match.id}_2", chat=STRANGER)
        refused = h.fake.chat(STRANGER)[-1].text
        assert "<pre>" not in refused and refused == i18n.t("hy", "error-not-member")


async def test_during_the_match_a_paste_is_the_viewers_own_hand(store: Store) -> None:
    async with Harness(store) as h:
        await h.open_table("king", [ARAM], 3)
        while not [m for m in h.fake.chat(GROUP) if m.buttons() and m.buttons()[0]["text"] == "⏯ 1"]:
            assert await act_once(h, ARAM)
        post = next(m for m in h.fake.chat(GROUP) if m.buttons() and m.buttons()[0]["text"] == "⏯ 1")
        await h.press(ARAM, post, post.button("⏯")["callback_data"])
        shown = h.fake.chat(ARAM)[-1]
        await h.press(ARAM, shown, shown.button("📄")["callback_data"])
        text = h.fake.chat(ARAM)[-1].text
        table = await store.tables.seat_of(ARAM)
        assert table is not None and table.status == "playing"
        dealt = {c.symbol for c in _first_hand(table)}
        assert "<pre>" not in text and set(faces(text)) == dealt and len(dealt) == 13
        assert i18n.t("hy", "coach-paste-after-match") in text


def _first_hand(table: Any) -> Any:
    """Aram's (seat 0) cards as the first deal dealt them."""
    deal = deal_frames(find_game("king"), 4, table.seed, table.log, table.rules, 1)
    return find_game("king").observation(deal.states[0], 0).hand


@pytest.mark.parametrize("name", GAME_NAMES)
async def test_the_page_opens_a_pasted_deal_of_every_game(name: str) -> None:
    game, players, log, _ = normal_match(name, 6)
    text = dumps(cut(name, players, 6, log, 1, names=("A", "B", "C", "D")))
    async with Harness(MemoryStore()) as h:  # type: ignore[arg-type]
        client = await client_of(h)
        try:
            viewer = await page(client, ANI, "en")
            response = await client.post("/api/paste", json={"text": text}, headers=viewer.headers)
            data = await response.json()
            assert response.status == 200, data
            assert (data["game"], data["face_up"], data["names"]) == (name, True, ["A", "B", "C", "D"])
            assert len(data["frames"]) == len(loads(text).log) + 1
            broken = text.replace("result ", "result 1")
            response = await client.post("/api/paste", json={"text": broken}, headers=viewer.headers)
            assert response.status == 400 and "📄" in (await response.json())["alert"]
        finally:
            await client.close()
