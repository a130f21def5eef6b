"""A fair table in words (issue 41): its commitment shown before the first card («🔒 3fa9 c2b1»,
whole on a tap), and once its match is over its secret with the line that checks every deal."""

from __future__ import annotations

import shlex

from engine import find_game
from engine.fair import commitment, short_form
from storage import TableRecord
from storage.interface.records import engine_rules

from .. import i18n
from ..callbacks import Kind
from .screen import Context, Line, Screen

ENDED = ("finished", "stopped")


def with_commitment(screen: Screen, ctx: Context, secret: bytes) -> Screen:
    """The table's screen with its commitment's short form, and 🔒 for the whole of it."""
    if not secret:
        return screen
    short = short_form(commitment(secret))
    return screen.plus([Line(ctx.t("fair-commitment", short=short))],
                       ((ctx.button(ctx.t("fair-button"), Kind.COMMITMENT),),))


def commitment_alert(secret: bytes, status: str, lang: str) -> str:
    """🔒's answer: the whole commitment; its secret once the match is over, never before."""
    if status in ENDED:
        return i18n.t(lang, "fair-secret-alert", secret=secret.hex())
    return i18n.t(lang, "fair-commitment-alert", commitment=commitment(secret))


def reveal(table: TableRecord, lang: str, deals: int) -> list[Line]:
    """The match's summary's last lines: the secret, and the command that checks the
    commitment and deals every deal again from it and the recorded entropy."""
    if not table.secret or table.status not in ENDED:
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
