"""Issue 18: ratings move the right way (per player, per team, computer levels); a match is
written once with the engine's facts; leaderboards survive a restart; /stats adds up across
chats; the score-race picture is a PNG whose series are the stored deal records and whose labels
are in the chat's language; the summary, the photo, /top, /stats, /history, its sheet buttons
and /table in a group."""

from __future__ import annotations

import struct
import time
from pathlib import Path
from typing import Any
from unittest.mock import patch

import pytest

from bot import i18n
from bot.social import chart, ratings, results, scores
from bot.social.score_service import ScoreService
from bot.views.screen import Line
from engine import find_game
from storage import Store, TableKey, TableRecord, open_store
from storage.interface.scores import Rating

from .fake import BOT_USERNAME, GROUP, Harness
from .play import act_once

ARAM, ANI, GOR, LILIT = 101, 102, 103, 104
OTHER_GROUP = -2002


# ----- ratings


def test_free_for_all_places_order_the_changes() -> None:
    rate = ratings.rater([["user:1"], ["user:2"], ["user:3"], ["user:4"]], [1, 2, 3, 4])
    new = rate(dict.fromkeys(("user:1", "user:2", "user:3", "user:4")))
    shown = [ratings.shown(new[f"user:{i}"]) for i in range(1, 5)]
    assert ratings.shown(None) == 1000
    assert shown[0] > 1000 > shown[3], shown
    assert shown == sorted(shown, reverse=True), "a better place never gains less"
    mus = [new[f"user:{i}"].mu for i in range(1, 5)]
    assert mus[0] > 25 > mus[3] and mus == sorted(mus, reverse=True)


def test_a_tie_shares_the_change() -> None:
    new = ratings.rater([["user:1"], ["user:2"], ["user:3"]], [1, 1, 3])(
        dict.fromkeys(("user:1", "user:2", "user:3")))
    assert new["user:1"] == new["user:2"] and new["user:1"].mu > new["user:3"].mu


def test_teams_win_and_lose_together() -> None:
    rate = ratings.rater([["user:1", "user:3"], ["user:2", "user:4"]], [1, 2])
    new = rate({"user:1": Rating(mu=30, sigma=5), "user:2": None, "user:3": None, "user:4": None})
    assert new["user:1"].mu > 30 and new["user:3"].mu > 25
    assert new["user:2"].mu < 25 and new["user:4"].mu < 25
    assert ratings.shown(new["user:2"]) < 1000 < ratings.shown(new["user:3"])


def test_computers_of_one_level_are_one_player_rated_by_the_mean_of_their_seats() -> None:
    rate = ratings.rater([["user:1"], ["computer:hard"], ["computer:hard"], ["computer:easy"]],
                         [2, 1, 3, 4])
    new = rate(dict.fromkeys(("user:1", "computer:hard", "computer:easy")))
    both = ratings.rater([["user:1"], ["a"], ["b"], ["computer:easy"]], [2, 1, 3, 4])(
        dict.fromkeys(("user:1", "a", "b", "computer:easy")))
    assert new["computer:hard"].mu == pytest.approx((both["a"].mu + both["b"].mu) / 2)
    assert new["computer:easy"].mu < 25 < new["user:1"].mu


# ----- storage of matches


def played(game_name: str, seed: int = 3, **rules: Any) -> tuple[Any, Any]:
    """A whole match between random legal players: (game, final state)."""
    import random

    game = find_game(game_name)
    size = max(game.sizes) if game_name != "thirteen" else 4
    state = game.new_match(size, seed, **rules)
    rng = random.Random(seed)
    while not game.is_over(state):
        seat = min(game.to_act(state))
        state = game.apply(state, seat, rng.choice(list(game.legal_actions(state, seat))))
    return game, state


def table_of(game: Any, chat: int, table_id: int, users: tuple[int | None, ...],
             seed: int = 3) -> TableRecord:
    from storage import SeatRecord

    seats = [SeatRecord(user_id=u, name=f"Պ{u}") if u else SeatRecord(level="hard")
             for u in users]
    log: list[tuple[int, str]] = []  # the facts come from the state; the log is an archive here
    return TableRecord(id=table_id, key=TableKey(chat_id=chat), game=game.name, seats=seats,
                       players=len(seats), seed=seed, log=log, status="finished")


async def test_a_match_is_written_once_with_the_engines_facts(both_stores: Store) -> None:
    game, state = played("hearts")
    table = table_of(game, GROUP, 7, (ARAM, ANI, None, None))
    story = await results.finish(both_stores, game, table, state, 10.0)
    again = await results.finish(both_stores, game, table, state, 11.0)
    assert again == story and len(await both_stores.matches.recent(GROUP)) == 1
    public = game.public_observation(state)
    assert [d.values for d in story.facts.deals] == [list(r.standings.values) for r in public.history]
    assert story.facts.values == list(public.standings.values) and story.facts.low_wins
    assert [r.place for r in story.match.results] == list(game.rankings(state))
    assert {c.player for c in story.changes} == {"user:101", "user:102", "computer:hard"}
    assert await both_stores.scores.story_of_table(7) == story
    assert (await both_stores.scores.history(GROUP)) == [story]


async def test_a_stopped_match_is_stored_unrated(both_stores: Store) -> None:
    game = find_game("king")
    state = game.new_match(4, 1)
    for _ in range(40):
        seat = min(game.to_act(state))
        state = game.apply(state, seat, game.legal_actions(state, seat)[0])
    table = table_of(game, GROUP, 8, (ARAM, None, None, None))
    story = await results.finish(both_stores, game, table, state, 1.0, status="stopped",
                                rated=False)
    assert story.facts.status == "stopped" and not story.facts.rated and story.changes == []
    assert await both_stores.scores.board(GROUP, "king") == []
    assert await both_stores.scores.stats(ARAM) == []
    assert len(await both_stores.scores.history(GROUP)) == 1


async def test_team_ratings_follow_the_engines_teams(both_stores: Store) -> None:
    game, state = played("bazar_blot", 5)
    public = game.public_observation(state)
    table = table_of(game, GROUP, 9, (ARAM, ANI, GOR, LILIT))
    story = await results.finish(both_stores, game, table, state, 1.0)
    winners = {s for t, team in enumerate(public.teams) if public.standings.places[t] == 1
               for s in team}
    for change in story.changes:
        seat = next(r.seat for r in story.match.results if f"user:{r.user_id}" == change.player)
        assert (ratings.shown(change.after) > 1000) == (seat in winners), change


async def test_leaderboards_survive_a_restart_and_stats_add_up_across_chats(tmp_path: Path) -> None:
    path = str(tmp_path / "db.sqlite3")
    store = await open_store(path)
    try:
        for n, (game_name, chat) in enumerate([("hearts", GROUP), ("hearts", OTHER_GROUP),
                                               ("thirteen", GROUP)]):
            game, state = played(game_name, n + 1)
            await results.finish(store, game, table_of(game, chat, n + 1,
                                                      (ARAM, ANI, None, None), n + 1), state, 1.0)
        before = await ScoreService(store).top(GROUP, None, "en")
        board = await store.scores.board(GROUP, "hearts")
    finally:
        await store.close()
    store = await open_store(path)
    try:
        assert await ScoreService(store).top(GROUP, None, "en") == before
        assert await store.scores.board(GROUP, "hearts") == board
        stats = {s.game: s for s in await store.scores.stats(ARAM)}
        assert stats["hearts"].played == 2 and stats["hearts"].chats == 2
        assert stats["thirteen"].played == 1 and stats["thirteen"].chats == 1
        hearts = [s for s in await store.scores.history(GROUP) + await store.scores.history(
            OTHER_GROUP) if s.match.game == "hearts"]
        wins = sum(r.place == 1 for s in hearts for r in s.match.results if r.user_id == ARAM)
        assert stats["hearts"].won == wins
        text = await ScoreService(store).stats(ARAM, "Արամ", "en")
        assert "Hearts" in text and "Thirteen" in text and "2 groups" in text
        assert {b.player for b in board} == {"user:101", "user:102", "computer:hard"}
        assert next(b for b in board if b.player == "computer:hard").played == 1
    finally:
        await store.close()


# ----- the picture


def test_the_font_has_armenian_cyrillic_and_latin_letters() -> None:
    have = chart.charmap()
    for text in ("Աբգդ Արամ Ժ Ֆ և", "Гор Ёж Щ", "Ani Zz", "0123456789−+"):
        assert all(ord(c) in have for c in text if c != " "), text
    assert chart.drawable("🤖 Արամ $x") == r"Արամ \$x"


@pytest.mark.parametrize(("game_name", "lang"), [("king", "hy"), ("fifty_six", "ru"),
                                                  ("hearts", "en")])
async def test_the_race_is_the_stored_deal_records_in_the_chats_language(
        store: Store, game_name: str, lang: str) -> None:
    game, state = played(game_name)
    size = len(game.rankings(state))
    table = table_of(game, GROUP, 3, (ARAM, None, ANI, None, GOR, None, LILIT, None)[:size])
    story = await results.finish(store, game, table, state, 1.0)
    race = scores.race(story, lang)
    public = game.public_observation(state)
    assert race.deals == (0, *(r.number for r in public.history))
    start = game.public_observation(game.new_match(size, 3)).standings.values
    for entry, series in enumerate(race.series):
        assert series == (start[entry], *(r.standings.values[entry] for r in public.history))
    assert race.title == i18n.t(lang, "chart-title", game=i18n.t(lang, f"game-{game_name}"))
    assert race.xlabel == i18n.t(lang, "chart-deal", game=game_name)
    assert i18n.t(lang, f"chart-{public.standings.unit}") in race.ylabel
    computer = i18n.t(lang, "level-hard")
    assert any(computer in label for label in race.labels) and "Պ101" in race.labels[0]
    if public.standings.by_team:
        assert len(race.labels) == len(public.teams) and " & " in race.labels[0]
    started = time.perf_counter()
    png = chart.render(race)
    took = time.perf_counter() - started
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and png[12:16] == b"IHDR"
    width, height = struct.unpack(">II", png[16:24])
    assert (width, height) == (800, 450) and 5_000 < len(png) < 300_000
    print(f"{game_name}: {len(race.deals) - 1} deals, PNG {len(png)} bytes in {took * 1000:.0f} ms")


# ----- in a group


async def finish_with_computers(h: Harness, store: Store, game: str, humans: list[int],
                                computers: int) -> TableRecord:
    """Humans open a table with easy computers, then go away: the timer's computer plays for
    them to the end of the match."""
    await h.open_table(game, humans, computers, level="Հեշտ")
    table = await store.tables.get(TableKey(chat_id=GROUP))
    assert table is not None
    for seat in table.seats:
        seat.away = seat.user_id is not None
    await store.tables.save(table)
    # A table whose humans are all away is paced (issue 12); here it is played out at once, for
    # the scores are what is tested.
    with patch("bot.play.kernel.all_away", return_value=False), \
                patch("bot.play.turns.all_away", return_value=False):
        h.runtime.computers.wake(table.id or 0)
        await h.idle()
    done = await store.tables.by_id(table.id or 0)
    assert done is not None and done.status == "finished"
    return done


async def test_two_matches_then_top_stats_history_and_a_sheet(store: Store) -> None:
    async with Harness(store, ephemeral_hands=False) as h:  # a sheet by link (issue 43: off)
        first = await finish_with_computers(h, store, "thirteen", [ARAM, ANI], 2)
        group = h.fake.chat(GROUP)
        summary = next(m for m in group if "🏆" in m.text)
        assert "📈" in summary.text and "1000" not in summary.text.split("📈")[0]
        assert summary.button("🔁"), "the rematch button stays"
        photo = next(m for m in group if m.photo is not None)
        assert photo.message_id > summary.message_id and photo.photo.startswith(b"\x89PNG")
        assert i18n.t("hy", "game-thirteen") in photo.text
        await finish_with_computers(h, store, "hearts", [ARAM], 3)

        await h.say(ARAM, "/top")
        top = h.fake.chat(GROUP)[-1].text
        assert "Սրտեր" in top and "Տասներեք" in top and "\u2068User101\u2069" in top
        computers = [line for line in top.splitlines() if "🤖" in line]
        assert len(computers) == 2 and all("Հեշտ" in line for line in computers)
        await h.say(ARAM, "/top 13")
        assert "Սրտեր" not in h.fake.chat(GROUP)[-1].text
        await h.say(ANI, "/stats")
        mine = h.fake.chat(GROUP)[-1].text
        assert "Տասներեք" in mine and "Սրտեր" not in mine
        await h.start_private(ARAM)
        await h.say(ARAM, "/stats", chat=ARAM)
        assert "Սրտեր" in h.fake.chat(ARAM)[-1].text

        await h.say(ARAM, "/history")
        history = h.fake.chat(GROUP)[-1]
        assert history.text.index("Սրտեր") < history.text.index("Տասներեք"), "newest first"
        old = next(b for b in history.buttons() if b["text"] == "📋 2")
        group_posts = len(h.fake.chat(GROUP))
        answer = await h.press(GOR, history, old["callback_data"], lang="en")
        story = await store.scores.story_of_table(first.id or 0)
        assert story is not None
        assert answer["url"] == f"https://t.me/{BOT_USERNAME}?start=match_{story.match.id}", \
            "someone the bot may not write to yet gets the link that opens its chat"
        await h.start_private(GOR, f"match_{story.match.id}", lang="en")
        sheet = h.fake.chat(GOR)[-1].text
        assert "📋" in sheet and "Σ" in sheet and "Thirteen" in sheet, "in the presser's language"
        assert str(story.facts.values[0]).replace("-", "−") in sheet
        answer = await h.press(ARAM, history, old["callback_data"])
        assert answer["text"] == i18n.t("hy", "table-sheet-sent")
        await h.press(ARAM, history, old["callback_data"])
        assert sum("Σ" in m.text for m in h.fake.chat(ARAM)) == 1, "a double tap sends it once"
        assert len(h.fake.chat(GROUP)) == group_posts, "a sheet costs the group no message"
        h.fake.left.add(LILIT)
        await h.start_private(LILIT, f"match_{story.match.id}", lang="en")
        assert h.fake.chat(LILIT)[-1].text == i18n.t("en", "error-not-member")
        await h.start_private(LILIT, "match_999", lang="en")
        assert h.fake.chat(LILIT)[-1].text == i18n.t("en", "error-stale")

        for forged in ("v|999|0|", "v|1²|0|", "v|１|0|", "v|1|1|", "v|1|0|x", "v||0|",
                       "v|99999999999999999999|0|"):
            answer = await h.press(ARAM, history, forged, lang="en")
            assert answer["show_alert"] and answer["text"] in (
                i18n.t("en", "error-stale"), i18n.t("en", "error-bad-button")), forged
        answer = await h.press(ARAM, history, "v|999|0|", lang="ru")
        assert answer["text"] == i18n.t("ru", "error-stale"), "in the presser's language"


async def test_table_brings_the_table_message_down(store: Store) -> None:
    async with Harness(store) as h:
        await h.say(ARAM, "/table")
        assert h.fake.chat(GROUP)[-1].text == i18n.t("hy", "error-no-table")
        await h.open_table("hearts", [ARAM], 3, level="Հեշտ")
        old = h.table_message()
        shown = old.text
        await h.say(ARAM, "/help")
        await h.say(ARAM, "/table")
        new = h.table_message()
        assert new.message_id > old.message_id and new.text == shown and new.buttons()
        assert old.text == i18n.t("hy", "table-moved") and not old.buttons()
        table = await store.tables.get(TableKey(chat_id=GROUP))
        assert table is not None and table.table_message_id == new.message_id
        for _ in range(4):  # three cards toggled and the pass: the table moves on
            assert await act_once(h, ARAM)
        assert h.table_message().message_id == new.message_id and new.edits > 0


async def test_start_up_writes_a_finished_match_that_was_never_written(both_stores: Store) -> None:
    """The process stopped between the table's last save and its match's: the next start
    writes it, once, from the table's seed and log."""
    import random

    from storage import SeatRecord

    game = find_game("thirteen")
    state, log, rng = game.new_match(4, 11), [], random.Random(11)
    while not game.is_over(state):
        seat = min(game.to_act(state))
        action = rng.choice(list(game.legal_actions(state, seat)))
        state, _ = game.apply(state, seat, action), log.append((seat, str(action)))
    seats = [SeatRecord(user_id=ARAM, name="Արամ")] + [SeatRecord(level="easy")] * 3
    table = await both_stores.tables.create(TableRecord(
        key=TableKey(chat_id=GROUP), game="thirteen", players=4, seats=seats, seed=11,
        log=log, status="finished"))
    playing = await both_stores.tables.create(TableRecord(
        key=TableKey(chat_id=OTHER_GROUP), game="thirteen", players=4, seats=seats, seed=11,
        status="playing"))
    assert await both_stores.scores.unrecorded() == [table.id]
    assert await results.recover(both_stores, 5.0) == 1
    story = await both_stores.scores.story_of_table(table.id or 0)
    assert story is not None and story.facts.rated and story.changes
    assert story.facts.values == list(game.public_observation(state).standings.values)
    assert await both_stores.scores.unrecorded() == [] and playing.id
    assert await results.recover(both_stores, 6.0) == 0


async def test_names_are_escaped_and_isolated_everywhere(store: Store) -> None:
    from storage import SeatRecord

    game, state = played("hearts", 4)
    name = "<b>Ա&</b> שלום"
    table = table_of(game, GROUP, 1, (ARAM, None, None, None), 4)
    table.seats[0] = SeatRecord(user_id=ARAM, name=name)
    await results.finish(store, game, table, state, 1.0)
    service = ScoreService(store)
    safe = "\u2068&lt;b&gt;Ա&amp;&lt;/b&gt; שלום\u2069"
    assert safe in await service.top(GROUP, "hearts", "hy")
    assert safe in await service.stats(ARAM, name, "hy")
    story = (await store.scores.history(GROUP))[0]
    assert safe in (await service.sheet(story.match.id or 0, GROUP, "hy")).text
    summary = scores.rating_lines(story, scores.seat_names(story.match.results, "hy"), "hy")
    assert safe in Line(summary[0]).html  # a plain line, escaped where Telegram reads it
    assert chart.drawable(name) == name, "the picture draws the name as set, markup and all"


# ----- the end of a match speaks of seats; computers share one rating per level


def summary_of(story: Any, game: Any, state: Any, lang: str) -> str:
    names = scores.seat_names(story.match.results, lang)
    ctx = scores.Context(lang, story.match.table_id, 0, names, story.match.game)
    return scores.summary(game.public_observation(state), ctx, story).text


@pytest.mark.parametrize("lang", ["hy", "en"])
async def test_the_summary_places_every_seat_and_rates_only_the_humans(store: Store, lang: str) -> None:
    game, state = played("thirteen", 4)
    table = table_of(game, GROUP, 21, (ARAM, None, None, None), 4)
    story = await results.finish(store, game, table, state, 1.0)
    text = summary_of(story, game, state, lang)
    names = scores.seat_names(story.match.results, lang)
    hard = i18n.t(lang, "level-hard")
    assert names[1:] == (f"🤖2 {hard}", f"🤖3 {hard}", f"🤖4 {hard}")
    places = list(game.rankings(state))
    for seat, name in enumerate(names):  # each seat once, at the engine's place
        assert [line for line in text.splitlines() if name in line][0].startswith(f"{places[seat]}. ")
    aram = next(c for c in story.changes if c.player == f"user:{ARAM}")
    shown = ratings.shown(aram.after)
    rated = [line for line in text.splitlines() if line.startswith("📈")]
    assert rated == [i18n.t(lang, "match-ratings",
                            ratings=f"{names[0]} {shown} ({scores.signed(shown - 1000)})")]
    level = next(c for c in story.changes if c.player == "computer:hard")
    reference = i18n.t(lang, "match-computer-ratings",
                       levels=f"{hard} {ratings.shown(level.after)}")
    assert text.splitlines()[-1] == reference and text.count("🤖 ") == 1, text
    assert "+" not in reference and "\u2212" not in reference, "a level's rating, not a change"


async def test_the_humans_ratings_follow_the_engines_order_of_teams(store: Store) -> None:
    game, state = played("bazar_blot", 5)
    table = table_of(game, GROUP, 22, (ARAM, ANI, GOR, None), 5)
    story = await results.finish(store, game, table, state, 1.0)
    public = game.public_observation(state)
    expected = [s for t in public.standings.order for s in public.teams[t] if s != 3]
    line = next(t for t in summary_of(story, game, state, "hy").splitlines() if t.startswith("📈"))
    assert sorted(expected, key=lambda s: line.index(f"Պ{table.seats[s].user_id}")) == expected
    assert "🤖" not in line


async def test_top_ranks_people_and_shows_the_computer_levels_apart(store: Store) -> None:
    for n, seed in enumerate((1, 2, 3)):
        game, state = played("hearts", seed)
        users = (ARAM, None, ANI, None) if n else (ARAM, None, None, None)
        table = table_of(game, GROUP, 30 + n, users, seed)
        table.seats[1].level = "easy"
        await results.finish(store, game, table, state, 1.0)
    board = {b.player: b for b in await store.scores.board(GROUP, "hearts")}
    for lang, easy, hard in (("hy", "Հեշտ", "Բարդ"), ("ru", "Лёгкий", "Сложный")):
        top = (await ScoreService(store).top(GROUP, "hearts", lang)).splitlines()
        people = [line for line in top if line[:1].isdigit()]
        assert len(people) == 2 and not any("🤖" in line for line in people)
        levels = f"{easy} {ratings.shown(board['computer:easy'].rating)} · " \
                 f"{hard} {ratings.shown(board['computer:hard'].rating)}"
        assert top[-1] == i18n.t(lang, "top-computers", levels=levels)


async def test_a_finished_table_says_so_and_keeps_the_sheet_and_rematch(store: Store) -> None:
    async with Harness(store) as h:
        done = await finish_with_computers(h, store, "thirteen", [ARAM, ANI], 2)
        table = h.table_message()
        lines = table.text.splitlines()
        assert lines[0] == i18n.t("hy", "table-over", game=i18n.t("hy", "game-thirteen"))
        story = await store.scores.story_of_table(done.id or 0)
        assert story is not None
        names = scores.seat_names(story.match.results, "hy")
        won = [names[r.seat] for r in story.match.results if r.place == 1]
        assert lines[1] == i18n.t("hy", "table-winner", count=len(won), names=", ".join(won))
        assert "▸" not in table.text and all(name in table.text for name in names)
        assert [b["text"] for b in table.buttons()] == ["📋 Հաշիվ", "🔁 Կրկին"]
        posted = len(h.fake.chat(GROUP))
        answer = await h.press(ANI, table, table.button("📋")["callback_data"])
        assert not answer.get("show_alert") and len(h.fake.chat(GROUP)) == posted
        assert "Σ" in h.fake.chat(ANI)[-1].text, "the sheet, sent to whoever asked"
        await h.press(ANI, table, table.button("🔁")["callback_data"])
        lobby = h.table_message()
        assert lobby.message_id > table.message_id and "🤖4" in lobby.text, "the same seats again"
