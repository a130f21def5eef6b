"""A match's result written once when it ends (issue 18), with the engine's facts, and the
ratings it moves: what the table use cases call as a table ends. No views here."""

from __future__ import annotations

from typing import Any

from engine import Game, find_game, replay
from storage import MatchRecord, SeatResult, Store, TableRecord
from storage.interface.records import engine_rules
from storage.interface.scores import DealLine, MatchFacts, MatchStatus, Story, player_key

from . import ratings


async def finish(store: Store, game: Game, table: TableRecord, state: Any, now: float, *,
                 status: MatchStatus = "finished", rated: bool = True) -> Story:
    """Write the match of a table that ended (once: a second call returns the first story),
    with the engine's facts; rate its players when it finished and ``rated`` (an abandoned
    match is stored unrated)."""
    match, facts = match_record(game, table, state, now, status=status, rated=rated)
    rate = None
    if facts.rated:
        players = [player_key(r.user_id, r.level) for r in match.results]
        if facts.by_team:
            entries = [[players[s] for s in team] for team in facts.teams]
            rate = ratings.rater(entries, facts.places)
        else:
            rate = ratings.rater([[p] for p in players], [r.place for r in match.results])
        rate = ratings.sparing(rate, {players[s] for s in facts.hinted})
    return await store.scores.record(match, facts, rate)


def match_record(game: Game, table: TableRecord, state: Any, now: float, *,
                 status: MatchStatus = "finished",
                 rated: bool = True) -> tuple[MatchRecord, MatchFacts]:
    public = game.public_observation(state)
    table_ = public.standings
    teams = [list(t) for t in public.teams]
    over = status == "finished" and game.is_over(state)
    places = game.rankings(state) if over else public.seat_places  # stopped: the places so far
    scores = game.scores(state)
    results = [SeatResult(seat=i, user_id=s.user_id, level=s.level if s.user_id is None else None,
                          name=s.name, score=scores[i], place=places[i])
               for i, s in enumerate(table.seats)]
    match = MatchRecord(table_id=table.id or 0, chat_id=table.key.chat_id,
                        thread_id=table.key.thread_id, game=table.game, rules=table.rules,
                        seed=table.seed, secret=table.secret, entropy=table.entropy,
                        log=table.log, finished_at=now, results=results)
    rules = engine_rules(table.rules)
    start = game.public_observation(game.new_match(table.players, table.seed, **rules))
    facts = MatchFacts(
        status=status, rated=rated and over, teams=teams, by_team=table_.by_team,
        low_wins=table_.low_wins, unit=table_.unit, start=list(start.standings.values),
        values=list(table_.values), places=list(table_.places), order=list(table_.order),
        deals=[DealLine(number=d.number, results=list(d.results),
                        values=list(d.standings.values), places=list(d.standings.places))
               for d in public.history],
        hinted=[i for i, s in enumerate(table.seats) if s.user_id is not None and s.hinted],
        tournament=table.tournament_id, tour_round=table.tour_round, board=table.key.slot)
    return match, facts


async def recover(store: Store, now: float) -> int:
    """Start-up: write the match of every finished table that has none (the process stopped
    between the table's last save and its match's); their summaries are not posted again."""
    count = 0
    for table_id in await store.scores.unrecorded():
        table = await store.tables.by_id(table_id)
        if table is None:
            continue
        game = find_game(table.game)
        state = replay(game, table.players, table.seed, table.log, **engine_rules(table.rules))
        if game.is_over(state):
            await finish(store, game, table, state, now)
            count += 1
    return count
