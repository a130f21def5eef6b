"""Views every game shares: the lobby, a stopped table, the match result."""

from __future__ import annotations

from collections.abc import Sequence

from engine import GAME_NAMES

from .base import Button, Context, Screen

LEVELS = ("easy", "normal", "hard")


def lobby(ctx: Context, players: int, bot_link: str, menu: bool = False) -> Screen:
    game = ctx.t(f"game-{ctx.game}") if ctx.game else ctx.t("lobby-no-game")
    names = ", ".join(ctx.names) or "—"
    text = "\n".join([ctx.t("lobby-title", game=game),
                      ctx.t("lobby-seated", count=len(ctx.names), size=players, names=names)])
    rows: list[tuple[Button, ...]] = []
    if not ctx.game:
        rows.append(tuple(Button(ctx.t(f"game-{g}"), ctx.data("g", g)) for g in GAME_NAMES))
    rows.append((Button(ctx.t("lobby-join"), ctx.data("j")), Button(ctx.t("lobby-leave"), ctx.data("l"))))
    if menu:
        rows.append(tuple(Button(ctx.t(f"level-{lv}"), ctx.data("k", lv)) for lv in LEVELS)
                    + (Button("✖", ctx.data("x")),))
    else:
        rows.append((Button(ctx.t("lobby-computer"), ctx.data("m")),
                     Button(ctx.t("lobby-start"), ctx.data("s"))))
    rows.append((Button(ctx.t("lobby-open-bot"), url=bot_link),))
    return Screen(text, tuple(rows))


def stopped(ctx: Context) -> Screen:
    game = ctx.t(f"game-{ctx.game}") if ctx.game else ""
    return Screen(ctx.t("table-stopped", game=game))


def match_over(ctx: Context, scores: Sequence[int], places: Sequence[int]) -> Screen:
    """The places, and a rematch button that opens a lobby with the same seats."""
    order = sorted(range(len(scores)), key=lambda i: (places[i], i))
    lines = [ctx.t("match-over", game=ctx.t(f"game-{ctx.game}"))]
    lines += [ctx.t("match-place", place=places[i], name=ctx.names[i], score=scores[i]) for i in order]
    return Screen("\n".join(lines), ((Button(ctx.t("match-again"), ctx.data("r")),),))
