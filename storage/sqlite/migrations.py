"""The SQLite schema as an append-only list of scripts, counted by ``PRAGMA user_version``.

Never edit or reorder a released entry: a file at version n has run exactly MIGRATIONS[:n].
A schema change is a new script at the end. Scripts hold plain statements (no BEGIN/COMMIT):
``migrate`` runs every pending one in a single transaction, so a failed upgrade leaves the file
as it was.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import aiosqlite

from ..interface.errors import StorageError

MIGRATIONS: list[str] = [
    # 1: tables with their action logs, users, chats, finished matches.
    """
    CREATE TABLE tables (
        id INTEGER PRIMARY KEY,
        chat_id INTEGER NOT NULL,
        thread_id INTEGER NOT NULL DEFAULT 0,
        game TEXT NOT NULL,
        rules TEXT NOT NULL DEFAULT '{}',          -- JSON object
        players INTEGER NOT NULL,
        seats TEXT NOT NULL DEFAULT '[]',          -- JSON list of SeatRecord
        seed INTEGER NOT NULL,
        version INTEGER NOT NULL,
        status TEXT NOT NULL,
        creator_id INTEGER,
        table_message_id INTEGER,
        deadline REAL,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
    );
    -- One lobby or running table per chat and forum topic.
    CREATE UNIQUE INDEX tables_live_key ON tables (chat_id, thread_id)
        WHERE status IN ('lobby', 'playing');

    -- The log lives in its own rows so a save appends only the new actions.
    CREATE TABLE actions (
        table_id INTEGER NOT NULL REFERENCES tables (id),
        idx INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        code TEXT NOT NULL,
        PRIMARY KEY (table_id, idx)
    ) WITHOUT ROWID;

    CREATE TABLE users (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL DEFAULT '',
        lang TEXT,
        can_dm INTEGER NOT NULL DEFAULT 0
    );

    CREATE TABLE chats (
        id INTEGER PRIMARY KEY,
        lang TEXT,
        turn_seconds INTEGER NOT NULL,
        settings TEXT NOT NULL DEFAULT '{}'        -- JSON object
    );

    CREATE TABLE matches (
        id INTEGER PRIMARY KEY,
        table_id INTEGER NOT NULL,
        chat_id INTEGER NOT NULL,
        thread_id INTEGER NOT NULL DEFAULT 0,
        game TEXT NOT NULL,
        rules TEXT NOT NULL DEFAULT '{}',          -- JSON object
        seed INTEGER NOT NULL,
        log TEXT NOT NULL DEFAULT '[]',            -- JSON list of [seat, code]: an archive
        finished_at REAL NOT NULL
    );
    CREATE INDEX matches_chat ON matches (chat_id, game, id);

    CREATE TABLE match_results (
        match_id INTEGER NOT NULL REFERENCES matches (id),
        seat INTEGER NOT NULL,
        user_id INTEGER,
        level TEXT,
        name TEXT NOT NULL DEFAULT '',
        score INTEGER NOT NULL,
        place INTEGER NOT NULL,
        PRIMARY KEY (match_id, seat)
    ) WITHOUT ROWID;
    """,
    # 2: a user's own history across chats.
    """
    CREATE INDEX match_results_user ON match_results (user_id) WHERE user_id IS NOT NULL;
    """,
    # 3: the language of the user's Telegram app, so hands drawn after a restart (often because
    # of someone else's move) are in it before the user presses anything.
    """
    ALTER TABLE users ADD COLUMN client_lang TEXT;
    """,
    # 4: a save is one statement. The versioned UPDATE carries the new actions as JSON in
    # ``pending`` and this trigger writes them as rows within that statement, so the save is
    # atomic with no BEGIN/COMMIT round trips to the database thread (they were most of its cost).
    """
    ALTER TABLE tables ADD COLUMN pending TEXT;
    CREATE TRIGGER tables_pending AFTER UPDATE OF pending ON tables
        WHEN NEW.pending IS NOT NULL
    BEGIN
        INSERT INTO actions (table_id, idx, seat, code)
            SELECT NEW.id, json_extract(value, '$[0]'), json_extract(value, '$[1]'),
                   json_extract(value, '$[2]')
            FROM json_each(NEW.pending);
        UPDATE tables SET pending = NULL WHERE id = NEW.id;
    END;
    """,
    # 5: the table's outbox: the group posts its moves owe (deal and match results, a seat taken
    # by a computer), written in the same statement as the move and emptied as they are sent.
    """
    ALTER TABLE tables ADD COLUMN outbox TEXT NOT NULL DEFAULT '[]';
    CREATE INDEX tables_unsent ON tables (id) WHERE outbox != '[]';
    """,
    # 6: scores that last (issue 18). A match's engine facts (standings before and after every
    # deal, teams, places), whether it finished or was stopped and whether it was rated; one
    # match per table; ratings per game and player ('user:<id>', 'computer:<level>') and what
    # each match changed. Matches written before this version have no facts row.
    """
    CREATE TABLE match_facts (
        match_id INTEGER PRIMARY KEY REFERENCES matches (id),
        table_id INTEGER NOT NULL UNIQUE,          -- a table's match is written once
        status TEXT NOT NULL,                      -- 'finished' or 'stopped'
        rated INTEGER NOT NULL,
        facts TEXT NOT NULL                        -- JSON: storage.scores.MatchFacts
    );

    CREATE TABLE ratings (
        game TEXT NOT NULL,
        player TEXT NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        updated_at REAL NOT NULL,
        PRIMARY KEY (game, player)
    ) WITHOUT ROWID;

    CREATE TABLE rating_changes (
        match_id INTEGER NOT NULL REFERENCES matches (id),
        player TEXT NOT NULL,
        mu_before REAL,                            -- NULL: the player's first rated match
        sigma_before REAL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        PRIMARY KEY (match_id, player)
    ) WITHOUT ROWID;
    """,
    # 7: when the bot last sent to each group, so its flood window survives a restart.
    """
    CREATE TABLE sends (chat_id INTEGER NOT NULL, at REAL NOT NULL);
    CREATE INDEX sends_at ON sends (at);
    """,
    # 8: who carries a table on (issue 19): until when ``due`` leased it to a sweep, and which
    # worker sends its owed posts until when.
    """
    ALTER TABLE tables ADD COLUMN swept_until REAL NOT NULL DEFAULT 0;
    ALTER TABLE tables ADD COLUMN outbox_worker TEXT NOT NULL DEFAULT '';
    ALTER TABLE tables ADD COLUMN outbox_until REAL NOT NULL DEFAULT 0;
    CREATE INDEX tables_playing ON tables (deadline) WHERE status = 'playing';
    CREATE INDEX tables_owing ON tables (id) WHERE outbox != '[]';
    CREATE INDEX sends_chat ON sends (chat_id, at);
    """,
    # 9: the computer players' seed, apart from the deal's (issue 28); tables in play get one
    # (random(): any 64-bit integer, independent of the deal).
    """
    ALTER TABLE tables ADD COLUMN computer_seed INTEGER NOT NULL DEFAULT 0;
    UPDATE tables SET computer_seed = random() WHERE status = 'playing';
    """,
    # 10: seasons (issue 27). Which season-end posts went out (one per chat, month and game),
    # claimed by one worker until ``until`` while it sends; matches found by when they finished.
    """
    CREATE TABLE season_posts (
        chat_id INTEGER NOT NULL,
        season TEXT NOT NULL,                      -- '2026-11', in the chat's time zone
        game TEXT NOT NULL,
        worker TEXT NOT NULL,
        until REAL NOT NULL,
        posted_at REAL,                            -- NULL: claimed, not sent yet
        PRIMARY KEY (chat_id, season, game)
    ) WITHOUT ROWID;
    CREATE INDEX matches_finished ON matches (finished_at);
    """,
    # 11: tournaments (issue 27). A tournament's record is JSON (storage.interface.tournaments),
    # one in sign-up or play per chat; its tables sit at the chat's key with a slot each (its
    # board), so several play at once beside the chat's own table (slot 0).
    """
    CREATE TABLE tournaments (
        id INTEGER PRIMARY KEY,
        chat_id INTEGER NOT NULL,
        status TEXT NOT NULL,
        version INTEGER NOT NULL,
        owes INTEGER NOT NULL DEFAULT 0,           -- its outbox is not empty
        record TEXT NOT NULL                       -- JSON: TournamentRecord
    );
    CREATE UNIQUE INDEX tournaments_live ON tournaments (chat_id)
        WHERE status IN ('signup', 'playing');
    ALTER TABLE tables ADD COLUMN slot INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE tables ADD COLUMN tournament_id INTEGER;
    ALTER TABLE tables ADD COLUMN tour_round INTEGER NOT NULL DEFAULT 0;
    DROP INDEX tables_live_key;
    CREATE UNIQUE INDEX tables_live_key ON tables (chat_id, thread_id, slot)
        WHERE status IN ('lobby', 'playing');
    CREATE INDEX tables_tournament ON tables (tournament_id) WHERE tournament_id IS NOT NULL;
    """,
    # 12: whether an ended table's end screen reached the group (the bot may be killed after
    # its posts and before that edit: start-up draws those). The tables ended before are taken
    # as drawn: they are not drawn again.
    """
    ALTER TABLE tables ADD COLUMN end_drawn INTEGER NOT NULL DEFAULT 0;
    UPDATE tables SET end_drawn = 1 WHERE status IN ('finished', 'stopped');
    CREATE INDEX tables_undrawn ON tables (id)
        WHERE end_drawn = 0 AND status IN ('finished', 'stopped');
    """,
    # 13: a person's page sessions' generation: a session issued in an older one is refused
    # (removed from the chats, their only table stopped: storage/interface/people.py).
    """
    CREATE TABLE sessions (
        user_id INTEGER PRIMARY KEY,
        generation INTEGER NOT NULL
    );
    """,
    # 14 (issue 41): a fair match's secret (32 random bytes,
    # at least 16) and the entropy strings mixed into it, kept with the table and its match; the
    # seed column holds 1 once such a match is dealt (its seed, 257 bits, is derived from the
    # two), 0 before. Older tables keep their 48-bit seeds and an empty secret.
    """
    ALTER TABLE tables ADD COLUMN secret BLOB NOT NULL DEFAULT x'';
    ALTER TABLE tables ADD COLUMN entropy TEXT NOT NULL DEFAULT '[]';
    ALTER TABLE matches ADD COLUMN secret BLOB NOT NULL DEFAULT x'';
    ALTER TABLE matches ADD COLUMN entropy TEXT NOT NULL DEFAULT '[]';
    """,
    # 15 (issue 43): where each person wants their hand, an ephemeral message in the group or
    # the private chat; NULL: not asked yet.
    """
    ALTER TABLE users ADD COLUMN hand_place TEXT;
    """,
]


def statements(script: str) -> Iterator[str]:
    """Split a script into whole statements (``executescript`` would commit our transaction)."""
    pending = ""
    for line in script.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            yield pending
            pending = ""
    if pending.strip() and not pending.strip().startswith("--"):
        raise ValueError(f"unterminated statement: {pending.strip()[:60]}")


async def migrate(db: aiosqlite.Connection, path: Path) -> int:
    """Bring the file to the latest version; returns the version it had. The version is read
    under the write lock, so two processes opening one new file do not both run a script."""
    await db.execute("BEGIN IMMEDIATE")
    try:
        found = await known_version(db, path)
        for number, script in enumerate(MIGRATIONS[found:], start=found + 1):
            await _run(db, path, number, script)
        if found < len(MIGRATIONS):
            await db.execute(f"PRAGMA user_version = {len(MIGRATIONS):d}")
        await db.execute("COMMIT")
    except BaseException:
        await db.rollback()
        raise
    return found


async def _run(db: aiosqlite.Connection, path: Path, number: int, script: str) -> None:
    try:
        for statement in statements(script):
            await db.execute(statement)
    except sqlite3.Error as error:
        raise StorageError(f"{path}: migration {number} failed: {error}") from error


async def known_version(db: aiosqlite.Connection, path: Path) -> int:
    """The file's schema version; StorageError naming the file if it is newer than this code."""
    found = int(list(await db.execute_fetchall("PRAGMA user_version"))[0][0])
    if found > len(MIGRATIONS):
        raise StorageError(
            f"{path}: schema version {found} is newer than this program knows "
            f"({len(MIGRATIONS)}); upgrade Seghan to open it"
        )
    return found
