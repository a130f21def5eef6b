"""End to end (issue 41): a fair Hearts match on the fake Bot API. The group sees the commitment
before anyone sees a card, the secret only in the match's summary, and ``python -m engine.fair``
run on what the summary says deals again every deal the stored log played, and refuses a changed
secret or entropy."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.fair import commitment, deals, match_seed, short_form
from storage import open_sqlite
from tests.bot.test_e2e import (
    MATCH_WAIT,
    ROOT,
    _face,
    act,
    bot_process,
    fake_api,
    hand_message,
    held,
    open_table,
    posted,
)

pytestmark = pytest.mark.e2e
SHORT = re.compile(r"🔒 ([0-9a-f]{4} [0-9a-f]{4})…")


def checker(words: list[str], *extra: str) -> subprocess.CompletedProcess[str]:
    assert words[:3] == ["python", "-m", "engine.fair"]
    return subprocess.run([sys.executable, *words[1:], *extra], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)


def printed_deals(out: str) -> list[tuple[tuple[str, ...], ...]]:
    """The checker's 'deal n' blocks, each seat's cards."""
    found: list[list[tuple[str, ...]]] = []
    for line in out.splitlines():
        if line.startswith("deal "):
            found.append([])
        elif line.startswith("  seat "):
            found[-1].append(tuple(line.split(": ", 1)[1].split()))
    return [tuple(deal) for deal in found]


def first_text(api: Any, marker: str) -> int:
    """The index of the first call to the Bot API whose text has ``marker``."""
    return next(i for i, c in enumerate(api.calls) if marker in str(c.params.get("text", "")))


async def test_a_fair_match_commits_reveals_and_checks(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    async with fake_api() as api, bot_process(api, db, tmp_path / "bot.log", unset=("TABLE_SEED",)):
        aram = api.add_user("Արամ", username="aram", language_code="hy")
        group = await open_table(api, [aram], 3, options=("🎯",))  # Hearts to 50
        over = lambda: posted(api, group, "🔓")  # noqa: E731  (the summary's reveal)
        while await act(api, aram.id, over, wait=MATCH_WAIT):
            pass
        hand = hand_message(api, aram.id)  # one message the match long, edited
        summary = next(m for m in api.bot_messages(group) if "🔓" in m.text)
    store = await open_sqlite(db)
    try:
        table = await store.tables.by_id(1)  # the group's one table
    finally:
        await store.close()
    assert table is not None
    assert table.status == "finished" and len(table.secret) == 32 and table.entropy

    short = short_form(commitment(table.secret))
    lock = first_text(api, f"🔒 {short}…")
    cards = next(i for i, c in enumerate(api.calls)
                 if c.chat_id == aram.id and "🃏" in str(c.params.get("text", "")))
    assert lock < cards, "the commitment is shown before the first card"
    secret = table.secret.hex()
    assert first_text(api, secret) >= first_text(api, "🏆"), "no secret before the match ends"

    words = shlex.split(next(line for line in summary.text.splitlines()
                             if line.startswith("python -m engine.fair")))
    assert words[4] == secret and words[5:5 + len(table.entropy)] == table.entropy
    log = tmp_path / "log.txt"
    log.write_text("".join(f"{seat} {code}\n" for seat, code in table.log))
    run = checker(words, "--log", str(log))
    assert run.returncode == 0, run.stderr
    seed = match_seed(table.secret, table.entropy)
    assert seed == table.seed and f"match seed {seed:#x}" in run.stdout
    played = deals("hearts", 4, table.seed, 10**6, log=table.log, target=50)
    assert printed_deals(run.stdout) == played and len(played) > 1
    # without the log it plays the first legal moves, which may end the match sooner: the deals
    # it reaches are the played ones (engine.fair: "fewer deals where the match ends first")
    alone = printed_deals(checker(words).stdout)
    assert alone and alone == played[:len(alone)], "--deals alone: the same deals"
    seat = next(i for i, s in enumerate(table.seats) if s.user_id == aram.id)
    first = hand.history[0][0] if hand.history else hand.text
    assert held(first) == {_face(code) for code in played[0][seat]}, "the cards Aram was dealt"

    forged = words.copy()
    forged[4] = ("0" if secret[0] != "0" else "1") + secret[1:]
    refused = checker(forged)
    assert refused.returncode == 1 and "REFUSED" in refused.stderr
    other = words.copy()
    other[5] = other[5] + "0"
    refused = checker(other, "--log", str(log))
    assert refused.returncode == 1 and "REFUSED" in refused.stderr
