"""End to end (issue 41): duplicate tournaments, two tables at once in one group, against the
fake Bot API server: one round of Hearts to 50 of eight humans with the bot SIGKILLed and started
again at random moments, and one round of Bazar Blot of six humans and two computers. From the
stores afterwards: both tables dealt the same hands deal by deal, and each human's points are
the matchpoints a person counts from the two tables' results; the round's post came once, after
both tables ended, and it is the first message with the round's secret. The run prints its
figures."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot import i18n
from engine.fair import deals
from storage import open_sqlite
from storage.interface.records import engine_rules

from .test_duplicate import by_hand
from .test_e2e import bot_process, fake_api
from .test_e2e import choose as first_choice
from .test_e2e_tournament import Players, eight_in_a_group, sign_up

pytestmark = [pytest.mark.e2e, pytest.mark.slow]
ROUND = i18n.t("hy", "tournament-duplicate-round", round=1)
FINAL = "🏁"


def random_play(rng: random.Random) -> Callable[[Any], str | None]:
    """A human playing one of the cards their hand offers at random (so that two tables play
    the same cards otherwise), else pressing as the first choice does (a pass, a bid: random
    bids would pass every Blot deal out)."""
    def pick(hand: Any) -> str | None:
        plays = [d for d in hand.callback_data if d.startswith("a|") and "|play:" in d]
        return rng.choice(plays) if plays else first_choice(hand.callback_data, hand)
    return pick


# Blot with six humans: two tables with a computer each, who bids (the scripted humans pass
# every auction, and eight of them would pass every deal out)
@pytest.mark.parametrize(("game", "humans", "kills"), [("hearts", 8, 3), ("bazar_blot", 6, 0)])
async def test_a_duplicate_round_of_two_tables(tmp_path: Path, game: str, humans: int,
                                               kills: int) -> None:
    rng = random.Random(f"duplicate-{game}")
    database, log = tmp_path / "db.sqlite3", tmp_path / "bot.log"
    started = time.monotonic()
    async with fake_api() as api:
        users, group, over = eight_in_a_group(api, FINAL)
        killed, starts = 0, 0
        players = Players(api, users[:humans], random_play(rng))
        while not over():
            async with bot_process(api, database, log, unset=("TABLE_SEED",)) as process:
                if starts == 0:
                    await sign_up(api, group, users[:humans], game,
                                  ("🃏", "🔢") + (("🎯",) if game == "hearts" else ()))
                starts += 1
                budget = rng.randint(20, 120) if killed < kills else 10**9
                if not await players.then_kill(process, over, rng, budget):
                    break
                killed += 1
        texts = [str(c.params.get("text", "")) for c in api.calls]
    took = time.monotonic() - started
    store = await open_sqlite(database)
    try:
        t = await store.tournaments.get(1)  # the one tournament
        assert t is not None and t.status == "finished" and t.duplicate and t.outbox == []
        tables = [await store.tables.by_id(i) for i in t.tables[0]]
        stories = [await store.scores.story_of_table(i) for i in t.tables[0]]
    finally:
        await store.close()
    assert all(x is not None and x.status == "finished" for x in tables)
    assert all(s is not None for s in stories), "every match written"
    one, two = (x for x in tables if x)
    assert one.secret == two.secret and len(one.secret) == 32 and one.seed == two.seed
    played = [len(s.facts.deals) for s in stories if s]
    hands = [deals(game, 4, x.seed, min(played), log=x.log, **engine_rules(x.rules))
             for x in (one, two)]
    assert hands[0] == hands[1] and one.log != two.log
    facts = stories[0].facts if stories[0] else None
    assert facts is not None
    expected = by_hand([[list(d.results) for d in s.facts.deals] for s in stories if s],
                       facts.low_wins)
    entries = facts.teams if facts.by_team else [[s] for s in range(4)]
    for table, seats in enumerate(t.seating[0]):
        for e, members in enumerate(entries):
            for seat in members:
                user = seats[seat]
                assert user is None or t.points[0][user] == round(2 * expected[table][e])
    posts = [i for i, text in enumerate(texts) if text.startswith(ROUND)]
    assert len({texts[i] for i in posts}) == 1, "one round post"
    secret = one.secret.hex()
    assert min(i for i, text in enumerate(texts) if secret in text) == posts[0]
    print(f"\nduplicate {game}: 2 tables, {played} deals, {killed} kills survived ({starts} "
          f"starts), {players.presses} presses, points {t.points[0]}, {took:.0f} s")
