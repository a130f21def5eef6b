"""Records as SQL rows and back, the same for SQLite and PostgreSQL: both keep rules, seats,
outbox, logs and facts as JSON text, and both drivers' rows read by column name. Written once
here, with the few SQL fragments both dialects write alike (``PLAYER_OF``, ``TOURNAMENT_LIVE``),
so that the two backends' modules differ only in their statements and drivers.

A row that does not decode is a StorageError naming the record and ``where`` it is stored (a
file's path, a database's redacted URL).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from pydantic import TypeAdapter

from engine.fair import match_seed

from .check import report, split_broken
from .interface.errors import StorageError
from .interface.records import (
    ChatRecord,
    MatchRecord,
    SeatRecord,
    Standing,
    TableKey,
    TableRecord,
    UserRecord,
)
from .interface.scores import (
    BoardLine,
    GameStats,
    MatchFacts,
    Player,
    Rating,
    RatingChange,
    Story,
)
from .interface.tournaments import TournamentRecord

_SEATS = TypeAdapter(list[SeatRecord])

# The tables columns that a record fills, in the order of ``table_values``.
TABLE_COLUMNS = [
    "chat_id", "thread_id", "game", "rules", "players", "seats", "seed", "version", "status",
    "creator_id", "table_message_id", "deadline", "created_at", "updated_at", "outbox",
    "computer_seed", "slot", "tournament_id", "tour_round", "end_drawn", "secret", "entropy",
]  # fmt: skip


def check_seed(seed: int, what: str, secret: bytes = b"") -> None:
    """A seed the column holds: 64 bits, or a fair match's (derived: ``stored_seed``)."""
    if secret:
        return
    if not -(2**63) <= seed < 2**63:  # SQLite's INTEGER; the memory store takes any int
        raise StorageError(f"{what}: seed {seed} does not fit in 64 bits")


FAIR_DEALT = 1  # the seed column of a fair match that has started: its seed is derived


def stored_seed(seed: int, secret: bytes) -> int:
    """The seed column's value: a fair match's seed is derived from its secret and entropy (a
    257-bit seed fits no BIGINT), so the column says only whether it was dealt (a lobby, or a
    lobby closed before its start, has none)."""
    if secret:
        return FAIR_DEALT if seed else 0
    return seed


def fair_seed(secret: bytes, entropy: Sequence[str], stored: int) -> int:
    """A row's seed: the stored one, or a fair match's, from its secret and entropy."""
    return match_seed(secret, entropy) if secret and stored == FAIR_DEALT else stored


def table_values(t: TableRecord) -> tuple[Any, ...]:
    """Column values in ``TABLE_COLUMNS`` order (JSON as text: asyncpg's default for jsonb)."""
    check_seed(t.seed, f"table {t.id}", t.secret)
    check_seed(t.computer_seed, f"table {t.id}")
    seats = _SEATS.dump_json(t.seats).decode()
    return (
        t.key.chat_id, t.key.thread_id, t.game, json.dumps(t.rules), t.players, seats,
        stored_seed(t.seed, t.secret), t.version, t.status, t.creator_id, t.table_message_id,
        t.deadline, t.created_at, t.updated_at, json.dumps(t.outbox), t.computer_seed,
        t.key.slot, t.tournament_id, t.tour_round, t.end_drawn, bytes(t.secret),
        json.dumps(t.entropy),
    )  # fmt: skip


def table_record(
    row: Any, where: object, known_log: Sequence[tuple[int, str]] = ()  # Row or asyncpg.Record
) -> TableRecord:
    """``known_log``: the log when the row's ``log`` column was not read (a by-id select that
    the store's remembered log spares)."""
    try:
        entropy = _json_list(row["entropy"])
        return TableRecord(
            id=row["id"],
            key=TableKey(chat_id=row["chat_id"], thread_id=row["thread_id"], slot=row["slot"]),
            game=row["game"],
            rules=json.loads(row["rules"]),
            players=row["players"],
            seats=_SEATS.validate_json(row["seats"]),
            seed=fair_seed(bytes(row["secret"]), entropy, row["seed"]),
            secret=bytes(row["secret"]),
            entropy=entropy,
            computer_seed=row["computer_seed"],
            log=list(known_log) if row["log"] is None else read_log(row["log"]),
            version=row["version"],
            status=row["status"],
            creator_id=row["creator_id"],
            table_message_id=row["table_message_id"],
            deadline=row["deadline"],
            created_at=row["created_at"],
            updated_at=row["updated_at"],
            outbox=json.loads(row["outbox"]),
            tournament_id=row["tournament_id"],
            tour_round=row["tour_round"],
            end_drawn=bool(row["end_drawn"]),
        )
    except ValueError as error:  # bad JSON, a pydantic ValidationError, a gap in the log
        raise StorageError(f"table {row['id']} in {where}: unreadable row: {error}") from error


def _json_list(value: Any) -> list[str]:
    """A JSON list column: text (SQLite, asyncpg's default for jsonb)."""
    return [str(item) for item in (json.loads(value) if isinstance(value, str) else value)]


def read_log(text: str) -> list[tuple[int, str]]:
    """[(seat, code)] from a log column's JSON [[idx, seat, code], ...]."""
    rows = sorted(json.loads(text))  # SQLite's json_group_array promises no order
    if [row[0] for row in rows] != list(range(len(rows))):
        raise ValueError("the action log has gaps")
    return [(seat, code) for _, seat, code in rows]


def split_rows(
    rows: Iterable[Any], where: object, remember: Callable[[TableRecord], TableRecord]
) -> tuple[list[TableRecord], list[tuple[int, str]]]:
    """``Tables.active`` and ``broken`` from the live tables' rows: the records that decode and
    can be rebuilt (each through ``remember``), and (id, reason) for the others, by id."""
    records, unreadable = [], []
    for row in rows:
        try:
            records.append(remember(table_record(row, where)))
        except StorageError as error:
            unreadable.append(report(row["id"], str(error)))
    good, broken = split_broken(records)
    return good, sorted(unreadable + broken)


def user_values(u: UserRecord) -> tuple[Any, ...]:
    """A ``users`` row: id, name, lang, can_dm, client_lang, hand_place."""
    return u.id, u.name, u.lang, u.can_dm, u.client_lang, u.hand_place


def chat_values(c: ChatRecord) -> tuple[Any, ...]:
    """A ``chats`` row: id, lang, turn_seconds, settings."""
    return c.id, c.lang, c.turn_seconds, json.dumps(c.settings)


def chat_record(row: Any, where: object) -> ChatRecord:
    try:
        return ChatRecord(**{**dict(row), "settings": json.loads(row["settings"])})
    except ValueError as error:
        raise StorageError(f"chat {row['id']} in {where}: unreadable row: {error}") from error


def match_values(m: MatchRecord) -> tuple[Any, ...]:
    """A ``matches`` row: table_id, chat_id, thread_id, game, rules, seed, log, finished_at,
    secret, entropy."""
    return (m.table_id, m.chat_id, m.thread_id, m.game, json.dumps(m.rules),
            stored_seed(m.seed, m.secret), json.dumps(m.log), m.finished_at, bytes(m.secret),
            json.dumps(m.entropy))


def result_values(match_id: int, m: MatchRecord) -> list[tuple[Any, ...]]:
    """Its ``match_results`` rows: match_id, seat, user_id, level, name, score, place."""
    return [(match_id, r.seat, r.user_id, r.level, r.name, r.score, r.place) for r in m.results]


def standing_record(row: Any) -> Standing:
    return Standing(user_id=row["user_id"], name=row["name"], played=row["played"],
                    won=row["won"], points=row["points"])


def match_record(row: Any, where: object) -> MatchRecord:
    """A ``matches`` row with its results as a JSON column ``results``."""
    try:
        fields = dict(row)
        results = sorted(json.loads(row["results"]), key=lambda r: r["seat"])
        entropy = _json_list(row["entropy"])
        secret = bytes(row["secret"])
        fields.update(rules=json.loads(row["rules"]), log=json.loads(row["log"]), results=results,
                      secret=secret, entropy=entropy,
                      seed=fair_seed(secret, entropy, row["seed"]))
        return MatchRecord(**fields)
    except ValueError as error:
        raise StorageError(f"match {row['id']} in {where}: unreadable row: {error}") from error


def rating_record(row: Any) -> Rating | None:
    return None if row["mu"] is None else Rating(mu=row["mu"], sigma=row["sigma"])


def ratings_of(players: list[Player], rows: Iterable[Any]) -> dict[Player, Rating | None]:
    """What a ``Rater`` is given: each player's rating from the ``ratings`` rows found (player,
    mu, sigma), None for one never rated."""
    current: dict[Player, Rating | None] = dict.fromkeys(players)
    current.update({row["player"]: rating_record(row) for row in rows})
    return current


# The player (``interface.scores.player_key``) of a match_results row ``r``, in SQL.
PLAYER_OF = ("CASE WHEN r.user_id IS NULL THEN 'computer:' || COALESCE(r.level, 'normal')"
             " ELSE 'user:' || r.user_id END")


def board_line(row: Any) -> BoardLine:
    return BoardLine(player=row["player"], user_id=row["user_id"], level=row["level"],
                     name=row["name"], played=row["played"], won=row["won"],
                     rating=rating_record(row))


def game_stats(row: Any) -> GameStats:
    return GameStats(game=row["game"], played=row["played"], won=row["won"], chats=row["chats"],
                     rating=rating_record(row))


def story_record(row: Any, where: object) -> Story:
    """A match row (``match_record``) with its facts (``f_status``, ``f_rated``, ``f_facts``)
    and its rating changes as JSON [[player, mu_before, sigma_before, mu, sigma], ...]."""
    match = match_record(row, where)
    try:
        facts = MatchFacts.model_validate_json(row["f_facts"])
        facts = facts.model_copy(update={"status": row["f_status"], "rated": bool(row["f_rated"])})
        changes = [RatingChange(player=p, before=None if mb is None else Rating(mu=mb, sigma=sb),
                                after=Rating(mu=mu, sigma=sg))
                   for p, mb, sb, mu, sg in sorted(json.loads(row["changes"]))]
    except ValueError as error:
        raise StorageError(f"match {row['id']} in {where}: unreadable facts: {error}") from error
    return Story(match=match, facts=facts, changes=changes)


TOURNAMENT_LIVE = "status IN ('signup', 'playing')"  # a tournaments row still to be run


def tournament_values(t: TournamentRecord) -> tuple[Any, ...]:
    """What a save writes of a ``tournaments`` row: status, version, owes, record."""
    return t.status, t.version, bool(t.outbox), t.model_dump_json()


def tournament_record(row: Any, where: object) -> TournamentRecord:
    try:
        return TournamentRecord.model_validate_json(row["record"]).model_copy(
            update={"id": row["id"], "version": row["version"]})
    except ValueError as error:
        raise StorageError(f"tournament {row['id']} in {where}: unreadable: {error}") from error
