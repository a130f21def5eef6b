"""Views every game shares: the lobby, a stopped table, the match result."""

from __future__ import annotations

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
