"""A deal in one paste (issue 41): one finished deal as a short text that anyone can paste back
and replay alone, without the match's seed (which would tell every other deal).

The text, one line a field, in this order (``#`` lines and blank lines are skipped)::

    seghan deal 1
    game hearts 4
    deal 3
    rules first_deal=3 first_dealer=2 passing=1 target=100
    seats ["Ann", "Bob", "Carl", "Dee"]
    before 12 5 30 0
    hands 2C 5C … / 3D … / … / …
    log 0:pass:2C,3C,4C 1:pass:9H,QS,AS … 2:play:2C …
    result 0 13 0 13

``seghan deal 1`` names the format and its version; ``game`` the registry name and the seats;
``deal`` the deal's number in its match; ``rules`` the keywords of ``new_match`` that, with the
hands as ``deal=``, start a match at this deal as it began (each game's ``deal_rules``: its
dealer, Hearts' pass, King's contract, a later Thirteen game's leader); ``seats`` the names, in
JSON; ``before`` the standings before the deal (shown, not needed to replay); ``hands`` each
seat's cards as dealt, seats apart by ``/``; ``log`` the deal's actions as ``seat:code``;
``result`` the deal's results (``DealRecord.results``), or ``-`` where the log ends first.

Each game decides what a viewer may be shown; this module pastes every hand, so the bot gives a
paste of a deal of a running match to no one but as the issue's leak rules allow.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from . import find_game, game_part
from .core import Game, Seat, replay_entry

HEADER = "seghan deal 1"
FIELDS = ("game", "deal", "rules", "seats", "before", "hands", "log", "result")


@dataclass(frozen=True, slots=True)
class Paste:
    """One deal, enough to replay it alone and to check that it ends as it did."""

    game: str
    players: int
    number: int  # the deal's number in its match
    rules: dict[str, int | str]  # new_match's keywords that start a match at this deal
    seats: tuple[str, ...]  # names, seat 0 first
    before: tuple[int, ...]  # the standings' values before the deal
    hands: tuple[tuple[str, ...], ...]  # each seat's cards as dealt
    log: tuple[tuple[Seat, str], ...]  # the deal's actions
    result: tuple[int, ...] | None  # the deal's results; None where the log stops short


def cut(game: str, players: int, seed: int, log: Sequence[tuple[Seat, str]], number: int, *,
        names: Sequence[str] = (), **rules: Any) -> Paste:
    """Deal ``number`` of the match played from ``seed`` with ``log``, as a paste. ValueError
    where the log does not reach that deal, or the game cannot start a match at it."""
    rules_game = find_game(game)
    state = rules_game.new_match(players, seed, **rules)
    index = 0
    while _number(rules_game, state) < number and index < len(log):
        state = replay_entry(rules_game, state, index, *log[index])
        index += 1
    if _number(rules_game, state) != number or rules_game.is_over(state):
        raise ValueError(f"the log does not reach the start of deal {number}")
    start, first = state, index
    while index < len(log) and _number(rules_game, state) == number and not rules_game.is_over(state):
        state = replay_entry(rules_game, state, index, *log[index])
        index += 1
    return Paste(rules_game.name, players, number, _deal_rules(rules_game, start),
                 tuple(names) or tuple(f"seat {s}" for s in range(players)),
                 rules_game.public_observation(start).standings.values,
                 _hands(rules_game, start, players), tuple(log[first:index]),
                 _result(rules_game, state, number))


def replay(paste: Paste) -> Any:
    """The state after the paste's log, from its hands alone. ValueError where the deal does not
    end with the paste's result (a paste edited, or of another version of the rules)."""
    game = find_game(paste.game)
    state = game.new_match(paste.players, 0, deal=[" ".join(h) for h in paste.hands],
                           **paste.rules)
    for index, (seat, code) in enumerate(paste.log):
        state = replay_entry(game, state, index, seat, code)
    if paste.result is not None:
        history = game.public_observation(state).history
        got = history[0].results if history else None
        if got != paste.result:
            raise ValueError(f"the deal replayed ends with {got}, the paste says {paste.result}")
    return state


def dumps(paste: Paste) -> str:
    """The paste's text (see the module's docstring)."""
    result = "-" if paste.result is None else _ints(paste.result)
    return "\n".join([
        HEADER,
        f"game {paste.game} {paste.players}",
        f"deal {paste.number}",
        "rules " + " ".join(f"{k}={v}" for k, v in sorted(paste.rules.items())),
        "seats " + json.dumps(list(paste.seats), ensure_ascii=False),
        f"before {_ints(paste.before)}",
        "hands " + " / ".join(" ".join(hand) for hand in paste.hands),
        "log " + " ".join(f"{seat}:{code}" for seat, code in paste.log),
        f"result {result}",
    ]) + "\n"


def loads(text: str) -> Paste:
    """A paste read back from its text; ValueError naming what is wrong."""
    lines = [line.strip() for line in text.strip().splitlines()]
    lines = [line for line in lines if line and not line.startswith("#")]
    if not lines or lines[0] != HEADER:
        raise ValueError(f"a pasted deal begins with {HEADER!r}")
    fields = dict(_field(line) for line in lines[1:])
    missing = [name for name in FIELDS if name not in fields]
    if missing:
        raise ValueError(f"a pasted deal needs: {', '.join(missing)}")
    game, players = fields["game"].split()
    result = fields["result"]
    return Paste(game, int(players), int(fields["deal"]), _rules(fields["rules"]),
                 tuple(str(name) for name in json.loads(fields["seats"])),
                 _read_ints(fields["before"]),
                 tuple(tuple(hand.split()) for hand in fields["hands"].split("/")),
                 tuple(_entry(token) for token in fields["log"].split()),
                 None if result == "-" else _read_ints(result))


def _number(game: Game, state: Any) -> int:
    number: int = game.public_observation(state).deal
    return number


def _deal_rules(game: Game, start: Any) -> dict[str, int | str]:
    module = game_part("engine", game.name)
    rules = getattr(module, "deal_rules", None)
    if rules is None:
        raise ValueError(f"{game.name} cannot replay one deal alone")
    return {key: value if isinstance(value, str) else int(value)
            for key, value in rules(start).items()}


def _hands(game: Game, state: Any, players: int) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(str(c) for c in game.observation(state, s).hand) for s in range(players))


def _result(game: Game, state: Any, number: int) -> tuple[int, ...] | None:
    for record in game.public_observation(state).history:
        if record.number == number:
            return tuple(record.results)
    return None


def _field(line: str) -> tuple[str, str]:
    name, _, value = line.partition(" ")
    if name not in FIELDS:
        raise ValueError(f"a pasted deal has no field {name!r}")
    return name, value.strip()


def _rules(text: str) -> dict[str, int | str]:
    rules: dict[str, int | str] = {}
    for item in text.split():
        key, sep, value = item.partition("=")
        if not sep:
            raise ValueError(f"a rule is key=value: {item!r}")
        rules[key] = int(value) if value.lstrip("-").isdigit() else value
    return rules


def _entry(token: str) -> tuple[Seat, str]:
    seat, sep, code = token.partition(":")
    if not sep or not seat.isdigit():
        raise ValueError(f"a logged action is seat:code: {token!r}")
    return int(seat), code


def _ints(values: Sequence[int]) -> str:
    return " ".join(map(str, values))


def _read_ints(text: str) -> tuple[int, ...]:
    return tuple(int(v) for v in text.split())
