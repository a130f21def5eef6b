"""Views every game shares: the lobby, a stopped table, the match result."""

from __future__ import annotations

from engine import GAME_NAMES
from engine.players import LEVEL_NAMES

from ..callbacks import Kind
from ..play.records import LobbyInfo
from .screen import SEAT, TEAM, Button, Context, Line, Screen, title

USUAL = 4  # the table every game has: a bigger one (56 at 6 or 8) is a further press


def fill_size(sizes: tuple[int, ...], seated: int) -> int | None:
    """The table the 🤖 buttons fill up to: the next size with a free seat, four at least
    (Thirteen fills to four, not two; 56 grows 4 → 6 → 8 a press at a time); None when full."""
    bigger = [s for s in sizes if s > seated]
    return min((s for s in bigger if s >= USUAL), default=max(bigger, default=None))


def sizes_text(ctx: Context, sizes: tuple[int, ...]) -> str:
    """'4', '2–4', '4, 6 or 8': the table sizes as players say them."""
    if len(sizes) == 1:
        return str(sizes[0])
    if list(sizes) == list(range(sizes[0], sizes[-1] + 1)):
        return f"{sizes[0]}–{sizes[-1]}"
    return ctx.t("lobby-sizes-or", sizes=", ".join(map(str, sizes[:-1])), last=str(sizes[-1]))


def lobby(ctx: Context, info: LobbyInfo, bot_link: str, menu: bool = False) -> Screen:
    game = ctx.t(f"game-{ctx.game}") if ctx.game else ctx.t("lobby-no-game")
    names = ", ".join(ctx.names) or "—"
    seated = len(ctx.names)
    lines = [title(ctx.t("lobby-title", game=game)),
             Line(ctx.t("lobby-seated", count=seated, size=sizes_text(ctx, info.sizes),
                        names=names), SEAT)]
    if info.teams:
        teams = " · ".join(" & ".join(ctx.names[s] for s in team) for team in info.teams)
        lines.append(Line(ctx.t("lobby-teams", teams=teams), TEAM))
    rows: list[tuple[Button, ...]] = []
    if not ctx.game:
        rows.append(tuple(ctx.button(ctx.t(f"game-{g}"), Kind.GAME, g) for g in GAME_NAMES))
    if info.options:
        rows.append(tuple(ctx.button(ctx.t(f"lobby-option-{name}", value=value), Kind.OPTION, name)
                          for name, value in info.options))
    rows.append((ctx.button(ctx.t("lobby-join"), Kind.JOIN), ctx.button(ctx.t("lobby-leave"), Kind.LEAVE)))
    # Computers wait for the game (it says how many seats there are). One press fills the free
    # seats; one computer at a time only where that makes a table the fill skips (Thirteen for
    # two or three), and then its level is a second press.
    size = fill_size(info.sizes, seated) if ctx.game else None
    one = size is not None and any(seated < s < size for s in info.sizes)
    if menu and one:
        rows.append(tuple(ctx.button(ctx.t(f"level-{lv}"), Kind.ADD_COMPUTER, lv) for lv in LEVEL_NAMES)
                    + (ctx.button("✖", Kind.CLOSE_MENU),))
    elif size is not None:
        rows.append(tuple(ctx.button(ctx.t("lobby-fill", count=size - seated, level=ctx.t(f"level-{lv}")), Kind.FILL, f"{lv}:{size}") for lv in LEVEL_NAMES))
    start = ctx.button(ctx.t("lobby-start"), Kind.START)
    rows.append((ctx.button(ctx.t("lobby-computer"), Kind.MENU), start) if one and not menu
                else (start,))
    rows.append((Button(ctx.t("lobby-open-bot"), url=bot_link),))
    return Screen(tuple(lines), tuple(rows))


def stopped(ctx: Context) -> Screen:
    game = ctx.t(f"game-{ctx.game}") if ctx.game else ""
    return Screen((title(ctx.t("table-stopped", game=game)),))
