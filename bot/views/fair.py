"""A fair table in words (issue 41): its commitment shown before the first card («🔒 3fa9 c2b1»,
whole on a tap), and once its match is over its secret with the line that checks every deal."""

from __future__ import annotations

import shlex

from engine import find_game
from engine.fair import COMMITMENT_TAG, commitment, short_form
from storage import TableRecord
from storage.interface.records import engine_rules
from storage.interface.tournaments import TournamentRecord

from .. import i18n
from ..callbacks import Kind
from .screen import LAST, TRICK, Context, Line, Screen

ENDED = ("finished", "stopped")


def with_commitment(screen: Screen, ctx: Context, secret: bytes) -> Screen:
    """The table's screen with its commitment's short form, and 🔒 for the whole of it."""
    if not secret:
        return screen
    short = short_form(commitment(secret))
    return screen.plus([Line(ctx.t("fair-commitment", short=short))],
                       ((ctx.button(ctx.t("fair-button"), Kind.COMMITMENT),),))


def commitment_alert(table: TableRecord, lang: str) -> str:
    """🔒's answer: the whole commitment; its secret once the match is over, never before (a
    duplicate round's: in the round's post, once every table of it is over)."""
    if revealed(table):
        return i18n.t(lang, "fair-secret-alert", secret=table.secret.hex())
    return i18n.t(lang, "fair-commitment-alert", commitment=commitment(table.secret))


def revealed(table: TableRecord) -> bool:
    """Whether the table's secret may be shown: its match is over (a duplicate round's table:
    only in the round's post, once every table of it is over)."""
    return table.status in ENDED and not duplicate(table)


def page_check(table: TableRecord) -> dict[str, str] | None:
    """What the page needs to check the deals' commitment itself: the commitment (kept by the
    page from before the first card), and once revealed the secret, with the hash's tag."""
    if not table.secret:
        return None
    data = {"commitment": commitment(table.secret), "tag": COMMITMENT_TAG.hex()}
    return data | {"secret": table.secret.hex()} if revealed(table) else data


def duplicate(table: TableRecord) -> bool:
    """A duplicate round's table: the other tables of its round hold the same cards."""
    return bool(table.rules.get("duplicate"))


def unseen(screen: Screen, table: TableRecord) -> Screen:
    """A duplicate round's table as its group sees it: no card (a trick, a last trick, a shown
    combination), since the round's other tables, in the same chat, hold the same cards; its
    seats see their tricks on their hands, and everyone sees every card in the round's post."""
    if not duplicate(table):
        return screen
    return Screen(tuple(line for line in screen.lines
                        if not line.cards and line.role not in (TRICK, LAST)), screen.rows)


def reveal(table: TableRecord, lang: str, deals: int, whole_round: bool = False) -> list[Line]:
    """The match's summary's last lines: the secret, and the command that checks the
    commitment and deals every deal again from it and the recorded entropy. A duplicate
    round's table says nothing of it until the round's post (``whole_round``)."""
    if not table.secret or table.status not in ENDED or (duplicate(table) and not whole_round):
        return []
    return [Line(i18n.t(lang, "fair-reveal", secret=table.secret.hex())),
            Line(i18n.t(lang, "fair-check")), Line(check_command(table, deals), style="pre")]


def check_command(table: TableRecord, deals: int) -> str:
    """``python -m engine.fair`` with everything it needs to check this table's deals."""
    rules = engine_rules(table.rules)
    words = ["python", "-m", "engine.fair", find_game(table.game).name, table.secret.hex(),
             *table.entropy, "--players", str(table.players), "--deals", str(max(deals, 1)),
             "--commitment", commitment(table.secret)]
    if rules:
        words += ["--rules", *(f"{k}={v}" for k, v in sorted(rules.items()))]
    return shlex.join(words)


def tournament_commitment(t: TournamentRecord, lang: str) -> list[str]:
    """The sign-up's commitment line (a tournament's tables deal from its secret)."""
    if not t.secret:
        return []
    return [i18n.t(lang, "fair-commitment", short=short_form(commitment(bytes.fromhex(t.secret))))]


def tournament_reveal(t: TournamentRecord, lang: str) -> list[Line]:
    """The end post's last lines (a tournament called off while it ran: its message's): the
    tournament's secret, and the command that checks the sign-up's commitment and deals a
    table's first deal from it (its first table's: another table's round and board go in
    ``--label``)."""
    if not t.secret or t.status not in ("finished", "cancelled") or not t.seating:
        return []
    label = "round:1" if t.duplicate else "round:1/board:1"
    rules = engine_rules(t.rules)
    words = ["python", "-m", "engine.fair", find_game(t.game).name, t.secret, *t.entropy,
             "--players", str(len(t.seating[0][0])), "--label", label,
             "--commitment", commitment(bytes.fromhex(t.secret))]
    if rules:
        words += ["--rules", *(f"{k}={v}" for k, v in sorted(rules.items()))]
    return [Line(i18n.t(lang, "tournament-fair-reveal", secret=t.secret)),
            Line(i18n.t(lang, "tournament-fair-check")), Line(shlex.join(words), style="pre")]
