"""What the page draws on the felt beyond the cards, worked out here from the engine's public
view and the seat's own observation (the page does no game arithmetic): the contract and trump
as badges, each seat's bid during an auction, the teams, the dealer, the cards a Hearts player
received, whether lower is better, the seats knocked out, and the deal just finished (the engine's record of it, as the
group's post words it, and its last trick) for the result panel."""

from __future__ import annotations

from typing import Any

from engine.core import Shared

from . import bazar_blot, fifty_six
from .base import GameView
from .screen import CONTRACT, Context, Screen


def felt(view: GameView, public: Shared, shown: Any, screens: tuple[Screen | None, ...],
         ctx: Context) -> dict[str, Any]:
    """The felt's data for a viewer shown ``shown`` (their observation, or the public view)."""
    badges: list[str] = []
    declarer = None
    for screen in screens:  # the contract lines of the table and of the hand, once each
        for line in screen.lines if screen else ():
            if line.role == CONTRACT and line.text not in badges:
                badges.append(line.text)
                declarer = line.seat if line.seat is not None else declarer
    return {"badges": badges, "declarer": declarer, "bids": bids(public, ctx),
            "teams": teams(public), "dealer": getattr(public, "dealer", None),
            "lower": public.standings.low_wins, "received": received(shown),
            "out": out(public, len(ctx.names)), "result": result(view, public, ctx)}


def out(public: Any, seats: int) -> list[int]:
    """The seats knocked out (56's teams out of tables): drawn faded, watching."""
    active = getattr(public, "active", None)
    return [] if active is None else [seat for seat in range(seats) if seat not in active]


def bids(public: Any, ctx: Context) -> dict[str, str]:
    """Each seat's latest call while the auction runs (Bazar Blot, 56), by seat."""
    calls = getattr(public, "calls", ())
    if not calls or getattr(public, "contract", None) is not None:
        return {}
    out: dict[str, str] = {}
    for i, (seat, call) in enumerate(calls):
        if public.game == "fifty_six":
            out[str(seat)] = fifty_six.call_label(calls, i, ctx)
        else:
            out[str(seat)] = bazar_blot.call_text(call, ctx)
    return out


def teams(public: Shared) -> list[int]:
    """Each seat's team, [] where each plays alone."""
    team_of = {seat: i for i, team in enumerate(public.teams) for seat in team}
    return [team_of[seat] for seat in sorted(team_of)]


def received(shown: Any) -> list[str]:
    """The cards a Hearts player was passed, marked in the hand until the first trick is taken."""
    cards = getattr(shown, "received", ())
    return [str(card) for card in cards] if cards and not shown.tricks else []


def result(view: GameView, public: Any, ctx: Context) -> dict[str, Any] | None:
    """The latest finished deal: its number, the group post's lines (points, contract made or
    failed, combinations, the moon, tables) and its last trick, played face up."""
    record = public.last_deal
    if record is None:
        return None
    trick = record.last_trick
    return {"deal": record.number, "results": list(record.results),
            "lines": [line.text for line in view.deal_result(record, public, ctx).lines],
            "last": None if trick is None else {
                "cards": [[seat, str(card)] for seat, card in trick.cards],
                "winner": trick.winner}}
