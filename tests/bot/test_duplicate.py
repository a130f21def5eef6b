"""Duplicate tournaments (issue 41) in process: 🃏 at the sign-up, every table of a round dealt
from the round's one secret (the same hands, checked from the stores), each result compared with
the same cards' at the other table (matchpoints: 1 a table beaten, ½ a tie, counted here by
hand), the team games' pairs turned, the round's post only once both tables are over, and
nothing of the cards on the duplicate tables' group messages or replays before that."""

from __future__ import annotations

import html
import re
from typing import Any
from unittest.mock import patch

import pytest

from bot import i18n
from bot.callbacks import Kind, encode
from engine.fair import deals
from storage import Store
from storage.interface.records import engine_rules
from storage.interface.tournaments import TournamentRecord

from .fake import GROUP, Harness
from .test_tournament import ADMIN, HUMANS, live

FACE = re.compile(r"(?<![0-9])(?:10|[2-9JQKA])[♠♥♦♣]")


async def duplicate_signup(h: Harness, game: str) -> TournamentRecord:
    """Eight humans sign up for one duplicate round of ``game`` (Hearts to 50)."""
    for user in HUMANS:
        await h.start_private(user)
    h.fake.admins.add(ADMIN)
    await h.say(ADMIN, f"/tournament {game}")
    t = await live(h)
    signup = h.fake.messages[(GROUP, t.message_id or 0)]
    for user in HUMANS:
        await h.press(user, signup, signup.button("✅")["callback_data"])
    presses = ["🃏", "🔢"] + (["🎯"] if game == "hearts" else [])  # duplicate; 3 -> 1 round
    for label in presses:
        answer = await h.press(ADMIN, signup, signup.button(label)["callback_data"])
        assert not answer.get("show_alert"), answer
    assert "🃏" in html.unescape(h.fake.messages[(GROUP, t.message_id or 0)].text)
    await h.press(ADMIN, signup, signup.button("▶")["callback_data"])
    t = await live(h)
    assert t.duplicate and t.rounds == 1 and len(t.tables[0]) == 2
    return t


async def play_table(h: Harness, store: Store, table_id: int, level: Any) -> None:
    """One table's humans away, computers of ``level`` play it out for them (as
    test_tournament's rounds): two tables at two levels play the same cards otherwise."""
    table = await store.tables.by_id(table_id)
    assert table is not None
    for seat in table.seats:
        seat.away = seat.user_id is not None
        seat.level = level if seat.user_id is not None else seat.level
    await store.tables.save(table)
    with patch("bot.play.kernel.all_away", return_value=False), \
            patch("bot.play.turns.all_away", return_value=False):
        h.runtime.computers.wake(table_id)
        await h.idle()


def by_hand(results: list[list[list[int]]], low_wins: bool) -> list[list[float]]:
    """Two tables' matchpoints by entry, summed over the deals, as a person counts them."""
    totals = [[0.0] * len(results[0][0]) for _ in results]
    for deal in range(min(len(r) for r in results)):
        for entry in range(len(results[0][0])):
            mine, theirs = results[0][deal][entry], results[1][deal][entry]
            won = 0.5 if mine == theirs else 1.0 if (mine < theirs) == low_wins else 0.0
            totals[0][entry] += won
            totals[1][entry] += 1 - won
    return totals


@pytest.mark.parametrize("game", ["hearts", "bazar_blot"])
async def test_a_duplicate_round_deals_alike_and_counts_matchpoints(store: Store,
                                                                    game: str) -> None:
    # dealt from secrets; each table's computers with dice of their own, so they play apart
    async with Harness(store, table_seed=None, computer_seed=None) as h:
        t = await duplicate_signup(h, game)
        first, second = t.tables[0]
        await play_table(h, store, first, "easy")
        # one table over, the other playing: its cards are no one's but its seats' yet
        done = await store.tables.by_id(first)
        assert done is not None and done.status == "finished"
        outsider = t.seating[0][1][0]  # seated at the other table
        assert outsider is not None
        await h.press(outsider, h.fake.chat(GROUP)[-1], encode(Kind.REPLAY, first, 0, "t1:0"))
        assert h.fake.answers[-1]["text"] == i18n.t("hy", "tournament-duplicate-wait")
        lock = encode(Kind.COMMITMENT, first)
        await h.press(outsider, h.fake.chat(GROUP)[-1], lock)
        assert done.secret.hex() not in h.fake.answers[-1]["text"], "no secret before the round"
        assert not [c for c in h.fake.calls if done.secret.hex() in str(c[1])]
        await play_table(h, store, second, "normal")
        await h.runtime.desk.job(None)
        await h.idle()
        tables = [await store.tables.by_id(i) for i in (first, second)]
        stories = [await store.scores.story_of_table(i) for i in (first, second)]
        assert all(x is not None for x in tables) and all(s is not None for s in stories)
        one, two = tables
        assert one and two and one.secret == two.secret and len(one.secret) == 32
        assert one.seed == two.seed
        played = [len(s.facts.deals) for s in stories if s]
        alike = min(played)
        assert alike >= 1
        hands = [deals(game, 4, x.seed, alike, log=x.log, **engine_rules(x.rules))
                 for x in tables if x]
        assert hands[0] == hands[1], "both tables held the same cards, deal by deal"
        assert one.log != two.log, "played otherwise"
        results = [[list(d.results) for d in s.facts.deals] for s in stories if s]
        facts = stories[0].facts if stories[0] else None
        assert facts is not None
        expected = by_hand(results, facts.low_wins)
        t = await store.tournaments.get(t.id or 0)
        assert t is not None and t.status == "finished"
        entries = facts.teams if facts.by_team else [[s] for s in range(4)]
        for table, seats in enumerate(t.seating[0]):
            for e, members in enumerate(entries):
                for seat in members:
                    user = seats[seat]
                    assert user is not None
                    assert t.points[0][user] == round(2 * expected[table][e]), (user, e)
        if game == "bazar_blot":  # the pairs turned: the second table's sides swapped
            assert t.seating[0][1][1] is not None
        post = _round_post(h)
        assert one.secret.hex() in post and "python -m engine.fair" in post
        for message in h.fake.chat(GROUP):
            if "🏆" in message.text and "սեղան" in message.text:  # the round's tables
                assert not FACE.findall(message.text), "no card on a duplicate table's message"
        assert not [m for m in h.fake.chat(GROUP) if "⏯" in m.text and FACE.findall(m.text)
                    and m.message_id < _post_id(h)]


def _round_post(h: Harness) -> str:
    head = i18n.t("hy", "tournament-duplicate-round", round=1)
    found = [m.text for m in h.fake.chat(GROUP) if html.unescape(m.text).startswith(head)]
    assert len(found) == 1, "one round post"
    return html.unescape(found[0])


def _post_id(h: Harness) -> Any:
    head = i18n.t("hy", "tournament-duplicate-round", round=1)
    return next(m.message_id for m in h.fake.chat(GROUP) if html.unescape(m.text).startswith(head))
