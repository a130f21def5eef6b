"""A finished deal replayed on the page (issue 26): the payload of every deal of a stored match of
every game equal, move by move, to the engine's own replay of its log, every hand face up; during
a match a seat sees only its own hand and a spectator none; refusals in the viewer's language
that change nothing; the ways in (a t.me link's startapp, the text replay's web_app button)."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

from bot import i18n
from bot.coach import words as coach
from bot.social import results, scores
from bot.views import Context
from bot.web.scene import plain
from engine import GAME_NAMES, find_game
from engine.cards import parse_card
from engine.core import code_cards
from engine.tricks import trick_winner
from storage.interface.records import engine_rules
from storage.memory.store import MemoryStore

from .fake import GROUP, Harness
from .play import act_once
from .test_coach import ANI, ARAM, normal_match, stored_table
from .web import client_of, init_data, page

LANGS = ("hy", "en", "ru")
# 56's Normal match from seed 4 lasts 66 deals, and each frame's view holds every deal before
# it (cost grows with the square); from seed 6 it is 19 deals, still to a team's last table
SEEDS = {"fifty_six": 6}


def hands(game: Any, state: Any, seats: range) -> list[list[Any]]:
    return [[seat, [str(c) for c in game.observation(state, seat).hand]] for seat in seats]


@pytest.mark.parametrize("name", GAME_NAMES)
async def test_every_deal_on_the_page_is_the_engines_replay_face_up(name: str) -> None:
    seed = SEEDS.get(name, 4)
    game, players, log, final = normal_match(name, seed)
    lang = LANGS[GAME_NAMES.index(name) % 3]
    async with Harness(MemoryStore()) as h:  # type: ignore[arg-type]
        story = await results.finish(h.runtime.store, game, stored_table(game, log, seed=seed),
                                    final, 1.0)
        names = scores.seat_names(story.match.results, lang)
        ctx = Context(lang, 0, 0, names, name)
        client = await client_of(h)
        try:
            viewer = await page(client, ANI, lang)
            state = game.new_match(players, story.match.seed, **engine_rules(story.match.rules))
            moved = 0
            for number in range(1, len(story.facts.deals) + 1):
                status, data = await viewer.replay(f"m{story.match.id}_{number}")
                assert status == 200, data
                assert (data["face_up"], data["seat"], data["deal"]) == (True, None, number)
                assert data["title"] == i18n.t(lang, f"game-{name}")
                for step, frame in enumerate(data["frames"][:-1]):
                    if step:  # the engine's own move, beside the page's frame of it
                        seat, code = log[moved]
                        state = game.apply(state, seat, game.parse_action(code))
                        moved += 1
                        assert frame["caption"].endswith(coach.action_text(
                            game.parse_action(code), ctx)), frame["caption"]
                    assert frame["step"] == step and f"{step}/" in frame["board"]["lines"][0]["text"]
                    seen = plain(game.public_observation(state)) | {"history": []}  # not drawn
                    assert frame["view"] == seen
                    assert frame["hands"] == hands(game, state, range(players))
                    assert frame["cards"] == []
                plays = [code for _, code in log[moved - len(data["frames"]) + 2:moved + 1]]
                seat, code = log[moved]
                state = game.apply(state, seat, game.parse_action(code))
                moved += 1
                assert_deal_end(name, lang, data["frames"][-1], plays,
                                game.public_observation(state), players)
                assert len(game.public_observation(state).history) == number
            assert moved == len(log)  # the whole match, deal after deal
        finally:
            await client.close()


def assert_deal_end(name: str, lang: str, frame: dict[str, Any], codes: list[str], public: Any,
                    players: int) -> None:
    """A deal's last frame: its result, the standings after it and its last trick (Thirteen:
    its last play), the cards its last moves laid, in order; nothing of the next deal, which the
    state after the last move already is (its hand sizes, its turns, its bare table), no hands."""
    record = public.history[-1]
    assert frame["view"]["standings"] == plain(record.standings)
    assert frame["view"]["to_act"] == [] and frame["view"]["deal"] == record.number
    assert not {"hand_sizes", "trick", "table", "points", "phase"} & set(frame["view"])
    assert frame["hands"] == [] and frame["cards"] == []
    word = {"thirteen": "thirteen-web-deal-last-trick"}.get(name, "web-deal-last-trick")
    assert frame["last_label"] == i18n.t(lang, word), "the deal's last, not 'previous'"
    plays = [code for code in codes if code.startswith("play:")]
    if not codes[-1].startswith("play:"):  # thrown in (Blot): nobody played a card
        assert frame["last_trick"] is None
        return
    trick = frame["last_trick"]
    size = 1 if name == "thirteen" else len(trick["cards"]) if name == "fifty_six" else players
    laid = [card for code in plays[-size:] for card in code_cards(code)]
    assert [code for _, code in trick["cards"]] == laid and trick == plain(record.last_trick)
    if name == "hearts":  # the highest card of the suit led took it
        seats = [seat for seat, _ in trick["cards"]]
        assert trick["winner"] == seats[trick_winner([int(parse_card(c)) for c in laid])]


async def finished_first_deal(h: Harness) -> int:
    """A Hearts table of Aram and three computers, played until its first deal is over."""
    await h.open_table("hearts", [ARAM], 3)
    table = await h.runtime.store.tables.seat_of(ARAM)
    assert table is not None and table.id is not None
    game = find_game("hearts")
    while not game.public_observation(h.runtime.tables.kernel.state_of(
            await h.runtime.tables.kernel.load(table.id))).history:
        assert await act_once(h, ARAM)
    return table.id


async def test_during_the_match_a_seat_sees_its_hand_and_a_spectator_none() -> None:
    async with Harness(MemoryStore()) as h:  # type: ignore[arg-type]
        table_id = await finished_first_deal(h)
        table = await h.runtime.tables.kernel.load(table_id)
        game = find_game("hearts")
        client = await client_of(h)
        try:
            aram = await page(client, ARAM, "en")
            status, mine = await aram.replay(f"t{table_id}_1")
            assert status == 200, mine
            live = await aram.scene(table_id)  # a frame is drawn by the live table's render()
            drawn = ("board", "view", "last_trick", "cards")
            assert all(key in live for key in drawn)
            assert all(key in frame for frame in mine["frames"] for key in drawn)
            assert (mine["face_up"], mine["seat"]) == (False, 0)
            state = game.new_match(4, table.seed)
            hidden = 0
            for step, frame in enumerate(mine["frames"]):
                if step:
                    seat, code = table.log[step - 1]
                    state = game.apply(state, seat, game.parse_action(code))
                    hidden += seat != 0 and code.startswith("pass:")
                    if seat != 0 and code.startswith("pass:"):  # another seat's pass: hidden
                        assert frame["caption"].endswith(i18n.t("en", "coach-replay-hidden"))
                assert frame["hands"] == []
                if step < len(mine["frames"]) - 1:
                    assert [c["code"] for c in frame["cards"]] == hands(game, state, range(1))[0][1]
            assert hidden == 3
            status, watched = await (await page(client, 301)).replay(f"t{table_id}_1")
            assert status == 200 and watched["seat"] is None
            assert all(f["cards"] == [] and f["hands"] == [] for f in watched["frames"])
            last = game.parse_action(table.log[len(mine["frames"]) - 2][1])  # laid face up
            ctx = Context("hy", 0, 0, tuple(watched["names"]), "hearts")
            assert watched["frames"][-1]["caption"].endswith(coach.action_text(last, ctx))
        finally:
            await client.close()


async def test_refusals_are_in_the_viewers_language_and_change_nothing() -> None:
    async with Harness(MemoryStore()) as h:  # type: ignore[arg-type]
        table_id = await finished_first_deal(h)
        before = await h.runtime.tables.kernel.load(table_id)
        sent = len(h.fake.messages)
        h.fake.left.add(300)
        client = await client_of(h)
        try:
            for lang in LANGS:
                outsider = await page(client, 300, lang)
                assert await outsider.replay(f"t{table_id}_1") == (
                    403, {"alert": i18n.t(lang, "error-not-member")})
                member = await page(client, 301, lang)
                none = (404, {"alert": i18n.t(lang, "coach-replay-none")})
                for ref in (f"t{table_id}_2", f"t{table_id}_0", "t999_1", "m999_1", "x1_1",
                            f"t{table_id}", f"t{table_id}_1_1", "t01_1"):
                    assert await member.replay(ref) == none, ref
            anonymous = await client.get(f"/api/replay/t{table_id}_1")
            assert anonymous.status == 401
            forged = await client.get(f"/api/replay/t{table_id}_1",
                                      headers={"Authorization": "Session x.y"})
            assert forged.status == 401
        finally:
            await client.close()
        assert await h.runtime.tables.kernel.load(table_id) == before
        assert len(h.fake.messages) == sent


async def test_a_t_me_link_opens_a_replay() -> None:
    async with Harness(MemoryStore()) as h:  # type: ignore[arg-type]
        client = await client_of(h)
        try:
            for start, replay, table in (("replay_t5_2", "t5_2", None), ("replay_m12_1", "m12_1", None),
                                         ("replay_t5", None, None), ("replay_", None, None),
                                         ("t5_2", None, None), ("42", None, 42)):
                response = await client.post("/api/session",
                                             json={"initData": init_data(7, start=start)})
                body = await response.json()
                assert (body["replay"], body["table"]) == (replay, table), start
        finally:
            await client.close()


async def test_the_text_replay_has_a_way_to_the_page_only_with_webapp_url(
        unused_tcp_port: int) -> None:
    game, _, log, final = normal_match("hearts")
    for url in ("https://example.org/seghan", None):
        async with Harness(MemoryStore(), webapp_url=url,  # type: ignore[arg-type]
                           webapp_short_name="table" if url else None,
                           webapp_port=unused_tcp_port) as h:
            story = await results.finish(h.runtime.store, game, stored_table(game, log), final, 1.0)
            await h.start_private(ARAM)
            await h.say(ARAM, "/history")
            history = h.fake.chat(GROUP)[-1]
            await h.press(ARAM, history, history.button("⏯ 1")["callback_data"])
            shown = [m for m in h.fake.chat(ARAM) if m.text.startswith("⏯")][-1]
            first = page_buttons(shown)
            await h.press(ARAM, shown, shown.button("▶")["callback_data"])
            then = page_buttons(h.fake.messages[(ARAM, shown.message_id)])
            ref = f"{url}/?replay=m{story.match.id}_1"
            assert (first, then) == (([f"{ref}&step=0"], [f"{ref}&step=1"]) if url else ([], []))


def page_buttons(message: Any) -> list[str]:
    return [b["web_app"]["url"] for b in message.buttons() if "web_app" in b]


async def test_a_replay_is_built_once_for_the_viewers_who_see_the_same(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.web.server import Web

    built: list[int | None] = []
    build = Web._replay_body

    def counted(source: Any, number: int, lang: str) -> bytes:
        built.append(source.seat)
        return build(source, number, lang)
    monkeypatch.setattr(Web, "_replay_body", staticmethod(counted))
    async with Harness(MemoryStore()) as h:  # type: ignore[arg-type]
        table_id = await finished_first_deal(h)
        client = await client_of(h)
        try:
            ref = f"t{table_id}_1"
            first = await (await page(client, 301)).replay(ref)
            assert await (await page(client, 302)).replay(ref) == first
            assert (await (await page(client, ARAM)).replay(ref))[1]["seat"] == 0
            assert (await (await page(client, 303, "ru")).replay(ref))[1]["lang"] == "ru"
            assert await (await page(client, 301)).replay(ref) == first
        finally:
            await client.close()
    assert built == [None, 0, None]  # a spectator's in hy, Aram's own, a spectator's in ru


async def test_viewers_asking_at_once_share_one_build_made_off_the_loop(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Two spectators ask for the same deal together: it is built once, in a worker thread while
    the loop takes the second request, and both are served it; a build that fails is not kept."""
    from bot.social.membership import Membership
    from bot.web.server import Web

    builds: list[bool] = []  # per build: whether the second request came while it ran
    arrived, both_asked, fail = [0], threading.Event(), [False]
    build, member = Web._replay_body, Membership.is_member

    def gated(source: Any, number: int, lang: str) -> bytes:
        assert threading.current_thread() is not threading.main_thread()
        builds.append(both_asked.wait(10))  # a guard against a hang: False if never asked
        if fail[0]:
            raise RuntimeError("a build that fails")
        return build(source, number, lang)

    async def counted(members: Membership, chat_id: int, user_id: int) -> bool:
        answer = await member(members, chat_id, user_id)
        arrived[0] += 1
        if arrived[0] == 2:  # the second request runs on to the build from here, unawaited
            both_asked.set()
        return answer
    monkeypatch.setattr(Web, "_replay_body", staticmethod(gated))
    monkeypatch.setattr(Membership, "is_member", counted)
    async with Harness(MemoryStore()) as h:  # type: ignore[arg-type]
        table_id = await finished_first_deal(h)
        client = await client_of(h)
        try:
            ref = f"t{table_id}_1"
            first, second = await asyncio.gather((await page(client, 301)).replay(ref),
                                                 (await page(client, 302)).replay(ref))
            assert first == second and first[0] == 200 and len(first[1]["frames"]) == 57
            assert builds == [True]
            assert await (await page(client, 303)).replay(ref) == first and builds == [True]
            fail[0] = True  # another view (Aram's own hand): its build fails, then is made again
            assert (await client.get(f"/api/replay/{ref}", headers=(
                await page(client, ARAM)).headers)).status == 500
            fail[0] = False
            status, mine = await (await page(client, ARAM)).replay(ref)
            assert (status, mine["seat"], len(builds)) == (200, 0, 3)
        finally:
            await client.close()
