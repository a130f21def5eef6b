"""Tournaments in process (issue 27): the sign-up and its buttons, bad arguments answered in
one line, the rounds' tables seated by rating then Swiss, several at once in one chat each
naming its round and table, the standings message edited after each round, the end post with
its picture, a restart mid-tournament, and every round played once: the final table is the
sum of the rounds' points, and those are the stored matches' places."""

from __future__ import annotations

import html
import re
import shlex
from pathlib import Path
from typing import Any
from unittest.mock import patch

import pytest

import bot.social.results
from bot import i18n
from bot.social import pairing
from engine.fair import commitment, deals, derived, match_seed, short_form
from engine.fair import main as fair_main
from storage import Store, open_store
from storage.interface.tournaments import TournamentRecord

from .fake import GROUP, Harness
from .play import act_once

HUMANS = list(range(201, 209))
ADMIN = HUMANS[0]


def tournament_message(h: Harness, t: TournamentRecord) -> str:
    assert t.message_id is not None
    return html.unescape(h.fake.messages[(GROUP, t.message_id)].text)


async def sign_up(h: Harness, users: list[int]) -> TournamentRecord:
    for user in users:
        await h.start_private(user)
    h.fake.admins.add(ADMIN)
    await h.say(ADMIN, "/tournament hearts")
    t = await h.runtime.store.tournaments.live(GROUP)
    assert t is not None and t.message_id is not None
    signup = h.fake.messages[(GROUP, t.message_id)]
    for user in users:
        answer = await h.press(user, signup, signup.button("✅")["callback_data"])
        assert not answer.get("show_alert"), answer
    answer = await h.press(ADMIN, signup, signup.button("🎯")["callback_data"])  # to 50
    assert not answer.get("show_alert"), answer
    return await live(h)


async def live(h: Harness) -> TournamentRecord:
    t = await h.runtime.store.tournaments.live(GROUP)
    assert t is not None
    return t


async def play_round(h: Harness, store: Store, t: TournamentRecord) -> None:
    """The round's humans go away and the timer's computers play their seats to the end (a
    table whose humans are all away is paced otherwise: here it is played out at once)."""
    for table_id in t.tables[-1]:
        table = await store.tables.by_id(table_id)
        assert table is not None
        if table.status != "playing":
            continue
        for seat in table.seats:
            seat.away = seat.user_id is not None
        await store.tables.save(table)
        with patch("bot.play.kernel.all_away", return_value=False), \
                patch("bot.play.turns.all_away", return_value=False):
            h.runtime.computers.wake(table_id)
            await h.idle()


@pytest.mark.parametrize("backend", ["sqlite", pytest.param("postgres", marks=pytest.mark.slow)])
async def test_a_tournament_of_eight_over_three_rounds(
        backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    """On SQLite and on PostgreSQL (a restart between rounds: the store closed and opened;
    PostgreSQL's round trips make it the slower, ~20 s on a busy machine: marked slow)."""
    path = str(tmp_path / "db.sqlite3") if backend == "sqlite" \
        else request.getfixturevalue("postgres_db")
    store = await open_store(path)
    try:
        async with Harness(store) as h:
            t = await sign_up(h, HUMANS)
            assert t.rules == {"target": 50} and t.rounds == 3 and len(t.entrants) == 8
            text = tournament_message(h, t)
            assert "Մրցաշար" in text and "(8)" in text
            signup = h.fake.messages[(GROUP, t.message_id or 0)]
            answer = await h.press(HUMANS[3], signup, signup.button("▶")["callback_data"])
            assert answer.get("show_alert"), "only its opener or an admin starts it"
            await h.press(ADMIN, signup, signup.button("▶")["callback_data"])
            t = await live(h)
            assert t.status == "playing" and [len(r) for r in t.seating] == [2]
            assert len(t.tables) == 1 and len(t.tables[0]) == 2
            assert t.seating[0] == [HUMANS[:4], HUMANS[4:]], "all 1000: by id"
            heads = [m.text for m in h.fake.chat(GROUP) if "🏆" in m.text and "սեղան" in m.text]
            assert any("սեղան 1" in x for x in heads) and any("սեղան 2" in x for x in heads)
            await play_round(h, store, t)
            t = await live(h)
            assert len(t.points) == 1 and len(t.tables) == 2, "round 2 seated"
            assert "1 փուլից հետո" in tournament_message(h, t)
            order = pairing.ranked(HUMANS, {e.user_id: e.rating for e in t.entrants},
                                   t.points[0])
            assert [u for table in t.seating[1] for u in table] == order, "Swiss"
        # a restart between rounds: the round in play goes on, nothing is made twice
        await store.close()
        store = await open_store(path)
        async with Harness(store) as h:
            await h.runtime.desk.job(None)
            await h.idle()
            t = await live(h)
            assert len(t.tables) == 2
            await play_round(h, store, t)
            t = await live(h)
            await play_round(h, store, t)
            await h.runtime.desk.job(None)
            await h.idle()
            done = await store.tournaments.get(t.id or 0)
            assert done is not None and done.status == "finished" and done.outbox == []
            tables = await store.tournaments.tables(t.id or 0)
            assert sorted((x.tour_round, x.key.slot) for x in tables) == [
                (r, b) for r in (1, 2, 3) for b in (1, 2)], "every round once, no table twice"
            for number, ids in enumerate(done.tables):
                expected: dict[int, int] = {}
                for board, table_id in enumerate(ids):
                    story = await store.scores.story_of_table(table_id)
                    assert story is not None and story.facts.rated
                    seats = done.seating[number][board]
                    assert [r.user_id for r in story.match.results] == seats
                    expected |= pairing.round_points([r.place for r in story.match.results], seats)
                assert done.points[number] == expected
            totals = pairing.totals(done.points)
            over = i18n.t("hy", "tournament-final", game=i18n.t("hy", "game-hearts"))
            final = [m for m in h.fake.chat(GROUP) if m.text.startswith(over) and m.photo is None]
            assert len(final) == 1
            best = max(totals.values())
            winners = [u for u, p in totals.items() if p == best]
            assert all(f"User{u}" in final[0].text for u in winners)
            for user, total in totals.items():
                rounds = " + ".join(str(p[user]) for p in done.points)
                assert f"User{user}\u2069 — {total} ({rounds})" in final[0].text
            photo = [m for m in h.fake.chat(GROUP) if m.photo is not None
                     and i18n.t("hy", "tournament-chart-round") not in m.text]
            assert photo and photo[-1].message_id > final[0].message_id
            assert photo[-1].photo is not None and photo[-1].photo.startswith(b"\x89PNG")
            (tmp_path / "tournament-race.png").write_bytes(photo[-1].photo)
            print(f"the tournament's race: {tmp_path / 'tournament-race.png'}")
            assert "🏁" in tournament_message(h, done)
            await h.say(ADMIN, "/table")  # the chat's own table, slot 0: none
            assert h.fake.chat(GROUP)[-1].text == i18n.t("hy", "error-no-table")
            await h.say(ADMIN, "/new king")  # played beside the tournament's, after it
            await h.say(ADMIN, "/history")
            history = h.fake.chat(GROUP)[-1].text.splitlines()
            assert history.count(i18n.t("hy", "history-tournament", id=done.id)) == 1
            grouped = [x for x in history if "փուլ " in x]
            assert len(grouped) == 6 and all(x.startswith("   ") for x in grouped)
    finally:
        await store.close()


async def test_bad_arguments_one_line_each(store: Store) -> None:
    async with Harness(store) as h:
        h.runtime.tournaments.clock = lambda: 1_900_000_000.0  # 2030-03-17 21:46 in Yerevan
        h.fake.admins.add(ADMIN)

        async def answer(user: int, text: str) -> str:
            await h.say(user, text)
            reply = html.unescape(h.fake.chat(GROUP)[-1].text)
            assert "\n" not in reply, reply
            return reply

        assert (await answer(ADMIN, "/tournament chess")).startswith(
            i18n.t("hy", "lobby-unknown-game", games="")[:10])
        assert await answer(ADMIN, "/tournament hearts 25:99") == i18n.t("hy", "tournament-bad-time")
        assert await answer(ADMIN, "/tournament hearts 21:00") == i18n.t(
            "hy", "tournament-past", time="21:00")
        assert await answer(HUMANS[1], "/tournament hearts") == i18n.t("hy", "tournament-who")
        await h.say(ADMIN, "/tournament king 22:30")
        t = await live(h)
        assert "22:30" in tournament_message(h, t) and t.game == "king"
        assert await answer(ADMIN, "/tournament hearts") == i18n.t("hy", "tournament-exists")
        await h.say(ADMIN, "/lang en")
        assert await answer(ADMIN, "/tournament hearts") == i18n.t("en", "tournament-exists")
        signup = h.fake.messages[(GROUP, t.message_id or 0)]
        alone = await h.press(HUMANS[2], signup, signup.button("✅")["callback_data"])
        assert not alone.get("show_alert"), "no Start needed: their hands come in the group"
        t = await live(h)
        assert HUMANS[2] in [e.user_id for e in t.entrants]
        await h.press(ADMIN, signup, signup.button("✖")["callback_data"])
        assert (await store.tournaments.get(t.id or 0)).status == "cancelled"  # type: ignore[union-attr]
        assert i18n.t("en", "tournament-cancelled") in tournament_message(h, t)


async def test_too_few_at_the_start_time(store: Store) -> None:
    async with Harness(store) as h:
        now = [1_900_000_000.0]
        h.runtime.tournaments.clock = lambda: now[0]
        h.fake.admins.add(ADMIN)
        await h.start_private(ADMIN)
        await h.say(ADMIN, "/tournament hearts 22:00")
        t = await live(h)
        signup = h.fake.messages[(GROUP, t.message_id or 0)]
        await h.press(ADMIN, signup, signup.button("✅")["callback_data"])
        await h.runtime.desk.job(None)
        assert (await live(h)).status == "signup", "not yet"
        now[0] = t.start_at
        await h.runtime.desk.job(None)
        await h.idle()
        ended = await store.tournaments.get(t.id or 0)
        assert ended is not None and ended.status == "cancelled" and ended.outbox == []
        assert h.fake.chat(GROUP)[-1].text == i18n.t("hy", "tournament-too-few")
        assert i18n.t("hy", "tournament-too-few") in tournament_message(h, ended)


async def test_a_closed_table_counts_as_played_with_its_places_so_far(store: Store) -> None:
    """A table that ends without finishing (its humans all away, or closed) still ends its
    round: its places so far give the points, and its match is kept unrated."""
    from storage import TableKey

    async with Harness(store) as h:
        t = await sign_up(h, HUMANS[:2])
        signup = h.fake.messages[(GROUP, t.message_id or 0)]
        await h.press(ADMIN, signup, signup.button("🔢")["callback_data"])  # 3 -> 1 round
        await h.press(ADMIN, signup, signup.button("▶")["callback_data"])
        t = await live(h)
        assert t.rounds == 1 and t.seating == [[[*HUMANS[:2], None, None]]]
        for _ in range(4):  # a few cards, then the table is closed mid-deal
            assert await act_once(h, HUMANS[0]) or await act_once(h, HUMANS[1])
        closed = await h.runtime.tables.admin.stop(TableKey(chat_id=GROUP, slot=1), ADMIN, True)
        await h.runtime.publish(closed)
        await h.idle()
        done = await store.tournaments.get(t.id or 0)
        assert done is not None and done.status == "finished"
        story = await store.scores.story_of_table(t.tables[0][0])
        assert story is not None and story.facts.status == "stopped" and not story.facts.rated
        assert done.points == [pairing.round_points([r.place for r in story.match.results],
                                                    done.seating[0][0])]


async def test_a_running_tournament_is_cancelled_by_its_opener_and_its_tables_closed(
        store: Store) -> None:
    """✖ on the running tournament's message: refused to another player; for its opener the
    tournament ends cancelled, every table of the round is closed as /stop closes one (its
    match kept, unrated; the group's message and the hands say so), and no round is counted."""
    async with Harness(store) as h:
        t = await sign_up(h, HUMANS)
        signup = h.fake.messages[(GROUP, t.message_id or 0)]
        await h.press(ADMIN, signup, signup.button("▶")["callback_data"])
        t = await live(h)
        assert t.status == "playing" and len(t.tables[0]) == 2
        await act_once(h, HUMANS[0])
        message = h.fake.messages[(GROUP, t.message_id or 0)]
        cancel = message.button("✖")["callback_data"]
        answer = await h.press(HUMANS[5], message, cancel)
        assert answer.get("show_alert") and (await live(h)).status == "playing"
        answer = await h.press(ADMIN, message, cancel)
        assert not answer.get("show_alert"), answer
        await h.idle()
        done = await store.tournaments.get(t.id or 0)
        assert done is not None and done.status == "cancelled" and done.points == []
        assert await store.tournaments.live(GROUP) is None
        stopped = i18n.t("hy", "tournament-cancelled")
        assert stopped in tournament_message(h, done) and not h.fake.messages[
            (GROUP, t.message_id or 0)].markup
        for table_id in t.tables[0]:
            table = await store.tables.by_id(table_id)
            assert table is not None and table.status == "stopped"
            drawn = h.fake.messages[(GROUP, table.table_message_id or 0)]
            assert not drawn.buttons(), "the closed table's message has no buttons left"
        assert not any("callback_data" in b for user in HUMANS for m in h.fake.chat(user)
                       for b in m.buttons()), "nor any hand"
        story = await store.scores.story_of_table(t.tables[0][0])
        assert story is not None and story.facts.status == "stopped" and not story.facts.rated
        assert [await store.tables.seat_of(user) for user in HUMANS] == [None] * len(HUMANS)


async def test_a_round_waits_for_its_last_tables_match_to_be_stored(store: Store) -> None:
    """A table is saved as ended a moment before its match is stored: a look at the tournament
    in between (another table's end, the periodic job) must not count that table's players as
    all last (seen on PostgreSQL: a round's points of 0 for a whole table)."""
    async with Harness(store) as h:
        t = await sign_up(h, HUMANS)
        signup = h.fake.messages[(GROUP, t.message_id or 0)]
        await h.press(ADMIN, signup, signup.button("▶")["callback_data"])
        t = await live(h)
        store_match = bot.social.results.finish

        async def looked_at_first(*args: Any, **kwargs: Any) -> Any:
            await h.runtime.desk.carry_on(t.id or 0)  # the periodic job's look, in between
            return await store_match(*args, **kwargs)
        with patch("bot.social.results.finish", looked_at_first):
            await play_round(h, store, t)
        t = await live(h)
        assert len(t.points) == 1, "counted once the last match was stored"
        expected: dict[int, int] = {}
        for board, table_id in enumerate(t.tables[0]):
            story = await store.scores.story_of_table(table_id)
            assert story is not None
            expected |= pairing.round_points([r.place for r in story.match.results],
                                             t.seating[0][board])
        assert t.points[0] == expected and sorted(expected.values()) == [0, 0, 1, 1, 2, 2, 3, 3]


async def test_a_tournaments_deals_are_fixed_at_its_sign_up_and_mixed_with_its_presses(
        store: Store, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 41 for tables nobody seats by a press: the sign-up shows the tournament's
    commitment; its presses (made after it) are every table's entropy; each table deals from
    a secret derived from the tournament's, shown at its own end; the end post reveals the
    tournament's secret and a command that checks the sign-up's commitment and deals a table."""
    async with Harness(store, table_seed=None) as h:
        for user in HUMANS:
            await h.start_private(user)
        h.fake.admins.add(ADMIN)
        await h.say(ADMIN, "/tournament hearts")
        t = await live(h)
        secret = bytes.fromhex(t.secret)
        assert len(secret) == 32 and t.entropy == []
        signup = h.fake.messages[(GROUP, t.message_id or 0)]
        assert short_form(commitment(secret)) in tournament_message(h, t)
        ids = [(await h.press(user, signup, signup.button("✅")["callback_data"]))
               ["callback_query_id"] for user in HUMANS]
        for label in ("🎯", "🔢", "▶"):  # to 50 points, one round, start
            answer = await h.press(ADMIN, signup, signup.button(label)["callback_data"])
            ids.append(answer["callback_query_id"])
        t = await live(h)
        assert t.status == "playing" and t.rounds == 1
        assert t.entropy == [f"tg:{i}" for i in ids]
        for board, table_id in enumerate(t.tables[0], start=1):
            table = await store.tables.by_id(table_id)
            assert table is not None and table.entropy == t.entropy
            assert table.secret == derived(secret, f"round:1/board:{board}")
            assert table.seed == match_seed(table.secret, t.entropy)
        assert not [c for c in h.fake.calls if t.secret in str(c[1])], "no secret while it runs"
        await play_round(h, store, t)
        await h.runtime.desk.job(None)
        await h.idle()
        over = i18n.t("hy", "tournament-final", game=i18n.t("hy", "game-hearts"))
        final = html.unescape(re.sub(r"<[^>]+>", "", next(
            m.text for m in h.fake.chat(GROUP) if m.text.startswith(over))))
        assert t.secret in final
        command = shlex.split(final[final.index("python -m engine.fair"):].splitlines()[0])
        first = await store.tables.by_id(t.tables[0][0])
        assert first is not None
        capsys.readouterr()
        assert fair_main(command[3:]) == 0
        out = capsys.readouterr().out
        assert "matches the one given" in out and commitment(first.secret) in out
        dealt = deals("hearts", 4, first.seed, 1)[0]
        assert all(f"seat {s}: {' '.join(cards)}" in out for s, cards in enumerate(dealt))


async def test_a_fair_tournament_called_off_reveals_its_secret(store: Store) -> None:
    """Its tables closed, nothing is left to deal: the message shows the secret and the check."""
    async with Harness(store, table_seed=None) as h:
        t = await sign_up(h, HUMANS)
        signup = h.fake.messages[(GROUP, t.message_id or 0)]
        await h.press(ADMIN, signup, signup.button("▶")["callback_data"])
        t = await live(h)
        assert t.secret and t.secret not in tournament_message(h, t)
        message = h.fake.messages[(GROUP, t.message_id or 0)]
        await h.press(ADMIN, message, message.button("✖")["callback_data"])
        await h.idle()
        done = await store.tournaments.get(t.id or 0)
        assert done is not None and done.status == "cancelled"
        text = tournament_message(h, done)
        assert t.secret in text and "--label round:1/board:1" in text
