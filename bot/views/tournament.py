"""A tournament's screens (issue 27): its one message (the sign-up with its buttons, then the
rounds' tables and the standings, edited after each round), a tournament table's heading, and
the end: the winners, the final table, the race of the points round by round."""

from __future__ import annotations

import html
from collections.abc import Sequence

from engine import find_game
from storage import TableRecord
from storage.interface.tournaments import Entrant, TournamentRecord

from .. import i18n
from ..callbacks import Kind, encode
from ..social import chart
from ..social.duplicate_rounds import Round, halves
from .fair import reveal, tournament_commitment, tournament_reveal
from .screen import Button, Screen

Standing = tuple[Entrant, int]  # an entrant and their points so far


def name(entrant: Entrant) -> str:
    return i18n.isolate(html.escape(entrant.name))


def _button(t: TournamentRecord, text: str, action: str) -> Button:
    return Button(text, encode(Kind.TOURNAMENT, t.id or 0, 0, action))


def _options(t: TournamentRecord, lang: str) -> list[tuple[str, str]]:
    """(label, button action) of each rule option, at its value now."""
    return [(i18n.t(lang, f"lobby-option-{key}", value=int(str(t.rules.get(key, allowed[0])))),
             f"opt:{key}") for key, allowed in find_game(t.game).options.items()]


def message(t: TournamentRecord, lang: str, start: str, zone: str,
            standings: Sequence[Standing], bot_link: str) -> Screen:
    """The tournament's message as it stands: sign-up, play, or over."""
    game = i18n.t(lang, f"game-{t.game}")
    options = " · ".join(label for label, _ in _options(t, lang))
    options += (" · " if options else "") + i18n.t(lang, "tournament-duplicate-mark") \
        if t.duplicate else ""
    lines = [i18n.t(lang, "tournament-title", game=game) + (f" · {options}" if options else "")]
    if t.status in ("signup", "playing"):  # the deals are fixed before anyone signs up
        lines += tournament_commitment(t, lang)
    if t.status == "signup":
        lines.append(i18n.t(lang, "tournament-when", rounds=t.rounds, time=start, zone=zone))
        names = ", ".join(name(e) for e in t.entrants)
        lines.append(i18n.t(lang, "tournament-entrants", count=len(t.entrants), names=names)
                     if t.entrants else i18n.t(lang, "tournament-nobody"))
        return Screen.html("\n".join(lines), _signup_rows(t, lang, bot_link))
    rows: tuple[tuple[Button, ...], ...] = ()
    if t.status == "cancelled":  # at its start (too few), or by its opener while it ran
        lines.append(i18n.t(lang, "tournament-too-few" if t.too_few else "tournament-cancelled"))
        lines += [line.html for line in tournament_reveal(t, lang)]  # its tables are closed
    elif t.status == "playing":
        lines.append(i18n.t(lang, "tournament-round", round=len(t.seating), rounds=t.rounds))
        by_id = {e.user_id: e for e in t.entrants}
        for board, seats in enumerate(t.seating[-1], start=1):
            names = ", ".join(name(by_id[u]) if u is not None else "🤖" for u in seats)
            lines.append(i18n.t(lang, "tournament-board", board=board, names=names))
        # its opener or an admin may call it off (the service checks who pressed)
        rows = ((_button(t, i18n.t(lang, "tournament-cancel"), "cancel"),),)
    else:
        lines.append(i18n.t(lang, "tournament-over"))
    if t.points:
        lines.append(i18n.t(lang, "tournament-standings", played=len(t.points)))
        lines += table_lines(t, standings)
    return Screen.html("\n".join(lines), rows)


def _signup_rows(t: TournamentRecord, lang: str, bot_link: str) -> tuple[tuple[Button, ...], ...]:
    rows = [(_button(t, i18n.t(lang, "tournament-join"), "join"),
             _button(t, i18n.t(lang, "tournament-leave"), "leave")),
            (*(_button(t, label, action) for label, action in _options(t, lang)),
             _button(t, i18n.t(lang, "tournament-rounds-button", rounds=t.rounds), "rounds"),
             _button(t, i18n.t(lang, "tournament-duplicate", on=int(t.duplicate)), "duplicate")),
            (_button(t, i18n.t(lang, "tournament-start-now"), "start"),
             _button(t, i18n.t(lang, "tournament-cancel"), "cancel")),
            (Button(i18n.t(lang, "lobby-open-bot"), url=bot_link),)]
    return tuple(rows)


def table_lines(t: TournamentRecord, standings: Sequence[Standing]) -> list[str]:
    """'1. Արամ — 7 (3 + 2 + 2)': each entrant's total and its rounds."""
    out, place, last = [], 0, None
    for index, (entrant, total) in enumerate(standings, start=1):
        if total != last:
            place, last = index, total
        rounds = " + ".join(shown(t, p.get(entrant.user_id, 0)) for p in t.points)
        out.append(f"{place}. {name(entrant)} — {shown(t, total)} ({rounds})")
    return out


def final_text(t: TournamentRecord, lang: str, standings: Sequence[Standing]) -> str:
    """The end post: the winners (the best total; a tie shares it), then the final table."""
    best = standings[0][1] if standings else 0
    winners = ", ".join(name(e) for e, total in standings if total == best)
    return "\n".join([i18n.t(lang, "tournament-final", game=i18n.t(lang, f"game-{t.game}")),
                      i18n.t(lang, "tournament-winners", names=winners),
                      *table_lines(t, standings),
                      *(line.html for line in tournament_reveal(t, lang))])


def shown(t: TournamentRecord, points: int) -> str:
    """Points as the tournament counts them: a duplicate's matchpoints are kept in halves."""
    return halves(points) if t.duplicate else str(points)


def round_text(t: TournamentRecord, lang: str, number: int, counted: Round,
               tables: Sequence[TableRecord]) -> str:
    """A duplicate round's post, once every table of it is over: for each deal, who did best
    with each hand (a seat, or a pair's), then the round's secret and how to check its deals."""
    by_id = {e.user_id: e for e in t.entrants}
    seating = t.seating[number - 1]

    def who(table: int, entry: int) -> str:
        users = [seating[table][seat] for seat in counted.entries[table][entry]]
        return " & ".join(name(by_id[u]) if u is not None else "🤖" for u in users)
    lines = [i18n.t(lang, "tournament-duplicate-round", round=number)]
    for board in counted.boards:
        best = "; ".join(f"{entry + 1}) " + " / ".join(who(table, entry) for table in tables_)
                         for entry, tables_ in enumerate(board.best) if tables_)
        lines.append(i18n.t(lang, "tournament-duplicate-best", deal=board.number, names=best))
    if tables:  # one secret dealt every table: one check
        lines += [line.html for line in reveal(tables[0], lang, len(counted.boards), True)]
    return "\n".join(lines)


def table_heading(lang: str, round_: int, board: int) -> str:
    return i18n.t(lang, "tournament-table-head", round=round_, board=board)


RACE_LINES = 8


def race(t: TournamentRecord, lang: str, standings: Sequence[Standing]) -> chart.Race:
    """Each entrant's points after each round (0 before the first), the best first."""
    drawn = standings[:RACE_LINES]
    series = []
    for entrant, _ in drawn:
        running, values = 0, [0.0]
        for points in t.points:
            running += points.get(entrant.user_id, 0)
            values.append(running / 2 if t.duplicate else running)
        series.append(tuple(values))
    return chart.Race(
        title=i18n.t(lang, "tournament-chart-title", game=i18n.t(lang, f"game-{t.game}")),
        xlabel=i18n.t(lang, "tournament-chart-round"), ylabel=i18n.t(lang, "chart-points"),
        labels=tuple(e.name for e, _ in drawn), deals=tuple(range(len(t.points) + 1)),
        series=tuple(series), order=tuple(range(len(drawn))))
