"""Views every game shares: the lobby, a stopped table, the match result."""

from __future__ import annotations

from dataclasses import dataclass

from engine import GAME_NAMES

from .base import Button, Context, Screen

LEVELS = ("easy", "normal", "hard")


@dataclass(frozen=True, slots=True)
class Lobby:
    """What a lobby shows besides the seated names: from the game (sizes, options, teams)."""

    sizes: tuple[int, ...] = (4,)
    options: tuple[tuple[str, int], ...] = ()  # (rule option, its value now)
    teams: tuple[tuple[int, ...], ...] = ()  # seats of each team, once the seats fit the game


def lobby(ctx: Context, info: Lobby, bot_link: str, menu: bool = False) -> Screen:
    game = ctx.t(f"game-{ctx.game}") if ctx.game else ctx.t("lobby-no-game")
    names = ", ".join(ctx.names) or "—"
    sizes = ", ".join(map(str, info.sizes))
    lines = [ctx.t("lobby-title", game=game),
             ctx.t("lobby-seated", count=len(ctx.names), size=sizes, names=names)]
    if info.teams:
        teams = " · ".join(" & ".join(ctx.names[s] for s in team) for team in info.teams)
        lines.append(ctx.t("lobby-teams", teams=teams))
    rows: list[tuple[Button, ...]] = []
    if not ctx.game:
        rows.append(tuple(Button(ctx.t(f"game-{g}"), ctx.data("g", g)) for g in GAME_NAMES))
    if info.options:
        rows.append(tuple(Button(ctx.t(f"lobby-option-{name}", value=value), ctx.data("o", name))
                          for name, value in info.options))
    rows.append((Button(ctx.t("lobby-join"), ctx.data("j")), Button(ctx.t("lobby-leave"), ctx.data("l"))))
    if menu:
        rows.append(tuple(Button(ctx.t(f"level-{lv}"), ctx.data("k", lv)) for lv in LEVELS)
                    + (Button("✖", ctx.data("x")),))
    else:
        rows.append((Button(ctx.t("lobby-computer"), ctx.data("m")),
                     Button(ctx.t("lobby-start"), ctx.data("s"))))
    rows.append((Button(ctx.t("lobby-open-bot"), url=bot_link),))
    return Screen("\n".join(lines), tuple(rows))


def stopped(ctx: Context) -> Screen:
    game = ctx.t(f"game-{ctx.game}") if ctx.game else ""
    return Screen(ctx.t("table-stopped", game=game))
