"""A screen as data: lines with a role, the cards they name and a turn mark; buttons with what
they do; and the context a view draws in (who reads, which table and move). Telegram renders
its HTML from it (``Screen.text``); the page reads the same data as JSON (bot/web/scene.py)."""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .. import callbacks, i18n
from ..callbacks import Kind

# What a line of a screen is, so that each door shows it its own way: Telegram writes every line,
# the page draws some on the felt (a seat, a trick, the cards of a hand) and writes the others.
TITLE = "title"  # the screen's first line: the game, the deal, the reader's turn
SEAT = "seat"  # a seat's name and standing (``Line.seat``)
TEAM = "team"  # a team's names and standing
SUIT = "suit"  # one suit of the reader's hand (``Line.cards``)
HAND = "hand"  # the reader's whole hand on one line (``Line.cards``)
TRICK = "trick"  # the cards on the table (``Line.cards``)
LAST = "last"  # the trick taken last, or a deal's last trick (``Line.cards``)
BID = "bid"  # the auction so far
CONTRACT = "contract"  # the contract, the trump, who declared
PROMPT = "prompt"  # what the reader is asked to choose now
RESULT = "result"  # a finished deal's or match's figures
SHEET = "sheet"  # a score sheet's table (written preformatted)
CAPTION = "caption"  # a replay's step: who made its move and what it was
INFO = "info"  # anything else


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a screen as data: its words (plain text: the Telegram renderer escapes it),
    what it is (``role``), the seat it is about and the cards it names, as codes ('QS').
    ``style``: "bold", "pre" (a sheet's table), or "html" for a text drawn as Telegram's HTML
    elsewhere (a post, a sheet of a stored match), which only Telegram shows."""

    text: str
    role: str = INFO
    seat: int | None = None
    cards: tuple[str, ...] = ()
    style: str = ""
    mark: str = ""  # a message's turn column before the text ('▸ ' to act); the page has its own

    @property
    def html(self) -> str:
        if self.style == "html":
            return self.text
        text = html.escape(self.mark + self.text, quote=False)
        if self.style == "bold":
            return f"<b>{text}</b>"
        return f"<pre>{text}</pre>" if self.style == "pre" else text


@dataclass(frozen=True, slots=True)
class Button:
    """A button as data: its label, and what it does (callback data, a link, a Mini App).
    ``card``: the one card it plays or toggles (the page lays it on the card); ``chosen``: a
    toggled-in card."""

    text: str
    data: str | None = None  # callback data
    url: str | None = None
    web_app: str | None = None  # a Mini App's URL (private chats only)
    kind: Kind | None = None  # what its data asks for (``Context.button``)
    card: str | None = None
    chosen: bool = False


Rows = tuple[tuple[Button, ...], ...]


@dataclass(frozen=True, slots=True)
class Screen:
    """A message as data: its lines and its keyboard. Telegram gets ``text`` (the lines joined
    as HTML); the page gets the same lines and buttons as JSON."""

    lines: tuple[Line, ...] = ()
    rows: Rows = ()

    @property
    def text(self) -> str:
        return "\n".join(line.html for line in self.lines)

    @property
    def read(self) -> str:
        """The words as a reader sees them in the message (its markup applied)."""
        return "\n".join(line.mark + line.text for line in self.lines)

    @classmethod
    def of(cls, text: str, rows: Rows = (), role: str = INFO) -> Screen:
        """Plain words, a line each."""
        return cls(tuple(Line(line, role) for line in text.split("\n")), rows)

    @classmethod
    def html(cls, text: str, rows: Rows = ()) -> Screen:
        """A text drawn as Telegram's HTML elsewhere (a post, a stored match's sheet)."""
        return cls((Line(text, style="html"),), rows)

    def plus(self, lines: Sequence[Line] = (), rows: Rows = ()) -> Screen:
        """This screen with lines and rows added below."""
        return Screen((*self.lines, *lines), (*self.rows, *rows))


BLANK = Line("")  # a gap between a message's parts


def lines_of(text: str, role: str = INFO, style: str = "") -> list[Line]:
    """A text of several lines (a locale message with line breaks) as lines of one role."""
    return [Line(line, role, style=style) for line in text.split("\n")]


def title(text: str) -> Line:
    """A screen's first line."""
    return Line(text, TITLE)


def header(text: str) -> Line:
    """A game table's or hand's first line (the game, the deal, the turn), in bold."""
    return Line(text, TITLE, style="bold")


@dataclass(frozen=True, slots=True)
class Context:
    """Who reads, which table and move the buttons are drawn for, the seats' names, and the
    reader's draft of a choice: cards toggled (``selection``) and the step of a picker (``pick``,
    e.g. "bid:12" after the level 12 was pressed). Every game fact comes from the observation."""

    lang: str
    table_id: int
    move: int
    names: tuple[str, ...]  # bidi-isolated, plain text; computers already labelled
    game: str = ""
    selection: tuple[str, ...] = ()  # the reader's toggled cards
    pick: str = ""  # the reader's place in a picker; "" is its first step

    def t(self, key: str, **args: Any) -> str:
        return i18n.t(self.lang, key, **args)

    def data(self, kind: Kind, arg: str = "") -> str:
        return callbacks.encode(kind, self.table_id, self.move, arg)

    def button(self, text: str, kind: Kind, arg: str = "", card: str | None = None,
               chosen: bool = False) -> Button:
        """A button of this table drawn at this move."""
        return Button(text, self.data(kind, arg), kind=kind, card=card, chosen=chosen)
