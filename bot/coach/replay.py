"""A finished deal replayed move by move in a private chat (issue 26): one message, edited by
its ⏮ ◀ ▶ ⏭ buttons (and ⏪ ⏩ to the other deals).

Every frame is rebuilt from the stored seed and action log through the engine (``deal_frames``),
never from a stored screen. What a frame shows is the engine's: the group's table drawn from
the public view, and hands from the seats' observations. While the match is played a replay shows
what its viewer saw (their own hand, none for someone not seated); once the match is over every
hand is face up. The page draws the same deal (``bot/web/replay.py``) with the same ``title``,
``caption`` and ``seats_shown``; ``page_row`` is the way there from the message."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from engine import Game, find_game
from engine.cards import Card
from engine.core import code_cards, parse
from storage.interface.records import engine_rules

from .. import callbacks
from ..callbacks import Kind
from ..views import Button, Context, Screen, deal_post, view_for
from ..views.screen import BLANK, CAPTION, HAND, TITLE, Line
from .words import action_text

SOURCES = ("t", "m")  # a table (during its match, or after it) or a stored match
# A deal on the page: 't12_3' (a table's third deal), in a URL or after a t.me link's 'replay_'
# (startapp allows A-Za-z0-9_- and 64 characters: this takes at most 19)
PAGE_REF = re.compile(r"([tm])([1-9][0-9]{0,11})_([1-9][0-9]{0,3})")
CARD_CODE = re.compile(r"[2-9TJQKA][CDHS]")  # a card in an action's code: 'pass:QS,2C,3C'


@dataclass(frozen=True, slots=True)
class Deal:
    """One deal of a match as the engine replays it: ``states[0]`` before its first move,
    ``states[i]`` after its i-th, ``moves[i - 1]`` that move (seat, code)."""

    number: int
    states: tuple[Any, ...]
    moves: tuple[tuple[int, str], ...]


@dataclass(frozen=True, slots=True)
class Source:
    """What a replay is rebuilt from: a table's or a stored match's game, rules, seed and log,
    the seats' names, how many deals are finished, and who sees which hands."""

    kind: str  # "t" or "m"
    ident: int
    game: str
    players: int
    rules: dict[str, object]
    seed: int
    log: Sequence[tuple[int, str]]
    names: tuple[str, ...]
    deals: int  # finished deals: the ones a replay may show
    seat: int | None  # the viewer's seat where only their hand is shown; None: see `face_up`
    face_up: bool


def deal_frames(game: Game, players: int, seed: int, log: Sequence[tuple[int, str]],
                rules: dict[str, object], number: int) -> Deal:
    """Deal ``number`` (1-based) of the match, replayed from its seed and log."""
    for deal in all_deals(game, players, seed, log, rules):
        if deal.number == number:
            return deal
    raise ValueError(f"the log has no finished deal {number}")


def all_deals(game: Game, players: int, seed: int, log: Sequence[tuple[int, str]],
              rules: dict[str, object]) -> Iterator[Deal]:
    """Every finished deal of the match in one replay from its seed and log: a deal's moves are
    those made while the deals before it were finished, up to the one that finished it."""
    state = game.new_match(players, seed, **engine_rules(rules))
    done = 0
    states: list[Any] = [state]
    moves: list[tuple[int, str]] = []
    for seat, code in log:
        state = game.apply(state, seat, parse(game, code))
        moves.append((seat, code))
        states.append(state)
        if len(game.public_observation(state).history) > done:
            done += 1
            yield Deal(done, tuple(states), tuple(moves))
            states, moves = [state], []


def frame(source: Source, deal: Deal, step: int, ctx: Context, webapp_url: str | None = None
          ) -> Screen:
    """The replay's message at ``step`` (0: the hands as dealt) of ``deal``; with the page's
    address, a button to see it drawn there."""
    game = find_game(source.game)
    step = clamp(deal, step)
    state = deal.states[step]
    public = game.public_observation(state)
    view = view_for(source.game)
    parts = [[Line(title(source, deal, step, ctx), TITLE)],
             [Line(caption(source, deal, step, ctx), CAPTION)]]
    if step == len(deal.moves):  # the deal's result and its last trick, not the next deal
        parts.append(list(deal_post(view, public.history[deal.number - 1], public, ctx).lines))
    else:
        parts.append(list(view.table(public, ctx).lines))
        parts.append(hand_lines(game, state, source, ctx))
    lines = [line for part in parts if part for line in (*part, BLANK)][:-1]
    return Screen(tuple(lines), buttons(source, deal.number, step, len(deal.moves))
                  + paste_row(source, deal.number, ctx)
                  + page_row(webapp_url, source, deal.number, step, ctx))


def clamp(deal: Deal, step: int) -> int:
    return max(0, min(step, len(deal.moves)))


def title(source: Source, deal: Deal, step: int, ctx: Context) -> str:
    """'⏯ Hearts · Deal 1 · move 6/56'."""
    return ctx.t("coach-replay-title", game=ctx.t(f"game-{source.game}"), deal=deal.number,
                 step=step, steps=len(deal.moves), code=source.game)


def caption(source: Source, deal: Deal, step: int, ctx: Context) -> str:
    """Who made the step's move and what it was, a move hidden from the viewer then (another
    seat's pass) staying hidden while the match goes on; at step 0, the hands as dealt."""
    if not step:
        return ctx.t("coach-replay-dealt")
    game = find_game(source.game)
    seat, code = deal.moves[step - 1]
    seen = source.face_up or seat == source.seat or public_move(game, deal, step)
    return ctx.t("coach-replay-move", name=source.names[seat], action=action_text(
        parse(game, code), ctx) if seen else ctx.t("coach-replay-hidden"))


def public_move(game: Game, deal: Deal, step: int) -> bool:
    """Whether every seat saw the cards of the step's move: the public view just after it shows
    them in this deal (a card played), or it names none. The state after a deal's last move is
    already the next deal's (new hands, a bare table): that move's cards are judged by the
    deal's record, which holds its last trick (Thirteen: its last play). Earlier deals' records
    never count: a card of their last tricks is in a new hand now."""
    cards = move_cards(deal.moves[step - 1][1])
    if not cards:
        return True
    public = game.public_observation(deal.states[step])
    if step < len(deal.moves):
        return cards <= shown(dataclasses.replace(public, history=()))
    return cards <= shown(public.history[deal.number - 1].last_trick)


def move_cards(code: str) -> set[str]:
    return {part for part in code_cards(code) if CARD_CODE.fullmatch(part)}


def seats_shown(source: Source) -> list[int]:
    """The seats whose hands a viewer may see: every seat once the match is over, else their
    own (none for someone not seated)."""
    if source.face_up:
        return list(range(source.players))
    return [source.seat] if source.seat is not None else []


def shown(public: Any) -> set[str]:
    """The codes of the cards a public view shows: a move whose cards it does not show (a
    Hearts pass) stays hidden from the other seats while the match goes on."""
    found: set[str] = set()
    stack = [public]
    while stack:
        value = stack.pop()
        if isinstance(value, Card):
            found.add(str(value))
        elif dataclasses.is_dataclass(value) and not isinstance(value, type):
            stack += [getattr(value, f.name) for f in dataclasses.fields(value)]
        elif isinstance(value, (list, tuple, set, frozenset)):
            stack += list(value)
        elif isinstance(value, dict):
            stack += [*value.keys(), *value.values()]
    return found


def hand_lines(game: Game, state: Any, source: Source, ctx: Context) -> list[Line]:
    """The hands a viewer may see (``seats_shown``), a line each."""
    lines = []
    for seat in seats_shown(source):
        hand = getattr(game.observation(state, seat), "hand", ())
        cards = " ".join(card.symbol for card in hand) or "—"
        lines.append(Line(ctx.t("coach-replay-hand", name=source.names[seat], cards=cards), HAND,
                          seat, tuple(str(card) for card in hand)))
    return lines


def data(source: Source, deal: int, step: int) -> str:
    return callbacks.encode(Kind.REPLAY, source.ident, 0, f"{source.kind}{deal}:{step}")


def buttons(source: Source, deal: int, step: int, steps: int) -> tuple[tuple[Button, ...], ...]:
    moves = tuple(Button(text, data(source, deal, to)) for text, to in (
        ("⏮", 0), ("◀", max(0, step - 1)), ("▶", min(steps, step + 1)), ("⏭", steps)))
    deals = tuple(Button(text, data(source, to, 0)) for text, to in (
        ("⏪", deal - 1), ("⏩", deal + 1)) if 1 <= to <= source.deals)
    return (moves, deals) if deals else (moves,)


def paste_row(source: Source, deal: int, ctx: Context) -> tuple[tuple[Button, ...], ...]:
    """📄: the deal as one text (``bot.coach.pastes``), in the presser's private chat."""
    data = callbacks.encode(Kind.PASTE, source.ident, 0, f"{source.kind}{deal}")
    return ((Button(ctx.t("coach-paste-button"), data, kind=Kind.PASTE),),)


def read_arg(arg: str) -> tuple[str, int, int]:
    """(source, deal, step) of a replay button's argument 't3:17', strictly."""
    kind, body = arg[:1], arg[1:]
    deal, _, step = body.partition(":")
    number, at = callbacks.number(deal, 10_000), callbacks.number(step, 100_000)
    if kind not in SOURCES or number is None or at is None:
        raise callbacks.BadCallback(f"not a replay: {arg!r}")
    return kind, number, at


def open_data(source_kind: str, ident: int, deal: int) -> str:
    """The data of a ⏯ (under a deal's result, or a /history line): the deal from its start."""
    return callbacks.encode(Kind.REPLAY, ident, 0, f"{source_kind}{deal}:0")


def page_ref(source: Source, deal: int) -> str:
    return f"{source.kind}{source.ident}_{deal}"


def read_page_ref(ref: str) -> tuple[str, int, int] | None:
    """(source, ident, deal) of a page's 't12_3', strictly; None for anything else."""
    found = PAGE_REF.fullmatch(ref)
    return (found[1], int(found[2]), int(found[3])) if found else None


def page_row(webapp_url: str | None, source: Source, deal: int, step: int, ctx: Context
             ) -> tuple[tuple[Button, ...], ...]:
    """The way to the drawn replay (WEBAPP_URL set), at the step the message shows: a web_app
    button, which the private chat the replay is in allows."""
    if not webapp_url:
        return ()
    url = f"{webapp_url}/?replay={page_ref(source, deal)}&step={step}"
    return ((Button(ctx.t("coach-replay-page"), web_app=url),),)
