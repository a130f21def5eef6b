"""Seasons (issue 27): a chat's calendar month in its time zone; matches on either side of a
month's end count in their own season (the clock injected); /season and /season last in hy, en
and ru; bad arguments answered in one line; the time zone an admin's; a season's end post, one
per game with its race picture, sent once, also when the season ended while the bot was down,
and never again after a restart."""

from __future__ import annotations

import html
from pathlib import Path

import pytest

from bot import i18n
from bot.social.seasons import Season, season_at, zone_named
from storage import Store, open_store

from .fake import GROUP, FakeTelegram, Harness
from .test_scores import finish_with_computers

ARAM, ANI = 101, 102
# Far from the real clock, so the start-up look (on the real clock) finds none of these seasons.
BOUNDARY = Season(2031, 2).start()  # 1 February 2031, 00:00 in Yerevan (UTC+4)
BEFORE, AFTER = BOUNDARY - 600.0, BOUNDARY + 600.0


def test_months_and_zones() -> None:
    assert BOUNDARY == 1927670400.0 - 4 * 3600, "midnight in Yerevan is 20:00 UTC"
    assert season_at(BEFORE, "Asia/Yerevan").key == "2031-01"
    assert season_at(AFTER, "Asia/Yerevan").key == "2031-02"
    assert season_at(AFTER, "Europe/London").key == "2031-01", "still January in London"
    assert Season(2031, 12).next() == Season(2032, 1)
    assert Season(2031, 1).previous() == Season(2030, 12) and Season(2031, 3).previous().month == 2
    assert Season(2031, 1, "UTC").end() - Season(2031, 1, "UTC").start() == 31 * 86400
    assert zone_named("Europe/Moscow") == "Europe/Moscow"
    for bad in ("Mars/Olympus", "", "../../etc/passwd", "Европа/Москва", "/etc/localtime"):
        assert zone_named(bad) is None, bad


def at(h: Harness, when: float) -> None:
    """The bot's clock, for the tables (a match's end) and the seasons, stands at ``when``."""
    h.runtime.tables.kernel.clock = lambda: when
    h.runtime.seasons.clock = lambda: when


def photos(h: Harness) -> list[str]:
    return [m.text for m in h.fake.chat(GROUP) if m.photo is not None]


async def test_either_side_of_a_months_end_and_the_end_post_once(tmp_path: Path) -> None:
    path = str(tmp_path / "db.sqlite3")
    store = await open_store(path)
    try:
        async with Harness(store) as h:
            for minutes in (20, 10):  # two matches in January, ten minutes apart
                at(h, BOUNDARY - 60.0 * minutes)
                await finish_with_computers(h, store, "thirteen", [ARAM, ANI], 2)
            match_photos = len(photos(h))
            assert await h.runtime.season_posts.close_ended() == 0, "January has not ended"
            at(h, AFTER)
            await finish_with_computers(h, store, "thirteen", [ARAM], 3)
            await h.say(ARAM, "/season")
            now = h.fake.chat(GROUP)[-1].text
            assert "փետրվար 2031" in now and "Asia/Yerevan" in now
            assert "1 խաղ" in now and "User102" not in now, "February: the second match only"
            await h.say(ARAM, "/season last")
            last = h.fake.chat(GROUP)[-1].text
            assert "հունվար 2031" in last and "User101" in last and "User102" in last
            assert await h.runtime.season_posts.close_ended() == 1, "January's one game"
            await h.idle()
            posts = photos(h)[match_photos + 1:]  # after the second match's picture
            assert len(posts) == 1 and "հունվար 2031" in posts[0] and "🥇" in posts[0]
            assert i18n.t("hy", "game-thirteen") in posts[0] and "🎲" in posts[0]
            picture = next(m.photo for m in h.fake.chat(GROUP) if m.text == posts[0])
            assert picture is not None and picture.startswith(b"\x89PNG")
            (tmp_path / "season-post.png").write_bytes(picture)
            print(f"the season's end post: {tmp_path / 'season-post.png'}\n{posts[0]}")
            assert "(2)" in posts[0], "most matches: two"
            assert await h.runtime.season_posts.close_ended() == 0
            await h.runtime.season_posts.job(None)  # the JobQueue's look: nothing more either
            await h.idle()
            assert len(photos(h)) == match_photos + 2
    finally:
        await store.close()
    store = await open_store(path)  # a restart: the post is not sent again
    try:
        async with Harness(store) as h:
            at(h, AFTER + 3600)
            assert await h.runtime.season_posts.close_ended() == 0
            await h.idle()
            assert photos(h) == []
    finally:
        await store.close()


async def test_a_season_that_ended_while_the_bot_was_down(tmp_path: Path) -> None:
    """The bot stops in January and comes back in February: January's post goes out once,
    even when the first try was claimed and never sent (a crash between the two)."""
    path = str(tmp_path / "db.sqlite3")
    store = await open_store(path)
    try:
        async with Harness(store) as h:
            at(h, BEFORE)
            await finish_with_computers(h, store, "thirteen", [ARAM, ANI], 2)
        assert await store.seasons.claim(GROUP, "2031-01", "thirteen", "local", AFTER, 300.0)
    finally:
        await store.close()
    for restart in range(2):
        store = await open_store(path)
        try:
            async with Harness(store, fake=FakeTelegram()) as h:
                at(h, AFTER + 60.0 * restart)
                await h.runtime.season_posts.close_ended()
                await h.idle()
                assert len(photos(h)) == (1 if restart == 0 else 0), restart
        finally:
            await store.close()


@pytest.mark.parametrize("lang", ["hy", "en", "ru"])
async def test_answers_in_the_chats_language_and_bad_arguments_in_one_line(
        store: Store, lang: str) -> None:
    async with Harness(store) as h:
        at(h, AFTER)
        await h.say(ARAM, f"/lang {lang}")
        h.fake.admins.add(ANI)

        async def answer(user: int, text: str) -> str:
            await h.say(user, text)
            reply = html.unescape(h.fake.chat(GROUP)[-1].text)
            assert "\n" not in reply, reply
            return reply

        month = i18n.t(lang, "month-2")
        assert month in await answer(ARAM, "/season")
        assert await answer(ARAM, "/season hearts last") == i18n.t(
            lang, "season-empty", season=i18n.t(lang, "month-1") + " 2031")
        assert await answer(ARAM, "/season chess") == i18n.t(lang, "season-usage", word="chess")
        assert await answer(ARAM, "/timezone Mars/Olympus") == i18n.t(
            lang, "timezone-bad", zone="Mars/Olympus")
        assert await answer(ARAM, "/timezone Europe/London") == i18n.t(lang, "error-admin-only")
        assert "Asia/Yerevan" in await answer(ARAM, "/timezone")
        set_ = await answer(ANI, "/timezone Europe/London")
        assert set_ == i18n.t(lang, "timezone-set", zone="Europe/London", time="2031-01-31 20:10")
        assert i18n.t(lang, "month-1") in await answer(ARAM, "/season"), "still January there"


def test_a_board_adds_up_the_seasons_matches() -> None:
    """Wins, matches and rating gained per person, summed over the season's matches of one
    game in the order they finished; computers left out; the race is the running sum."""
    from bot.social import ratings, seasons
    from storage import MatchRecord, SeatResult
    from storage.interface.scores import MatchFacts, Rating, RatingChange, Story

    def story(n: int, places: list[int], moves: dict[str, tuple[float, float]]) -> Story:
        users = [ARAM, ANI, None]
        results = [SeatResult(seat=i, user_id=u, level=None if u else "easy", name=f"n{u}",
                              place=p) for i, (u, p) in enumerate(zip(users, places, strict=True))]
        changes = [RatingChange(player=p, before=Rating(mu=b, sigma=5.0), after=Rating(mu=a, sigma=5.0))
                   for p, (b, a) in moves.items()]
        return Story(match=MatchRecord(table_id=n, chat_id=GROUP, game="hearts", seed=n,
                                       finished_at=float(n), results=results),
                     facts=MatchFacts(), changes=changes)

    def gain(b: float, a: float) -> int:
        return ratings.shown(Rating(mu=a, sigma=5.0)) - ratings.shown(Rating(mu=b, sigma=5.0))

    played = [story(1, [1, 2, 3], {"user:101": (25, 27), "user:102": (25, 24), "computer:easy": (25, 24)}),
              story(2, [2, 1, 3], {"user:101": (27, 26), "user:102": (24, 26.5)}),
              story(3, [1, 3, 2], {"user:101": (26, 28)})]
    (board,) = seasons.boards(played)
    aram, ani = board.lines
    assert (aram.user_id, aram.won, aram.played) == (ARAM, 2, 3) and (ani.won, ani.played) == (1, 3)
    assert aram.gained == gain(25, 27) + gain(27, 26) + gain(26, 28) == aram.race[-1]
    assert ani.race == [gain(25, 24), gain(25, 24) + gain(24, 26.5)] * 1 + [ani.gained]
    race = seasons.race(Season(2031, 1), board, "en")
    assert race.deals == (0, 1, 2, 3) and race.series[0] == (0, *aram.race)
    assert race.labels == ("n101", "n102")
