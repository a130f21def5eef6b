"""/rules: a game's rules in the reader's language, with its table's options."""

from __future__ import annotations

from collections.abc import Mapping

from engine import find_game

from ..i18n import has, t


def rules_text(lang: str, game: str, chosen: Mapping[str, object] | None = None) -> str:
    """The rules of ``game``, its options (Hearts' target, Blot's 151/301, Thirteen's games a
    match, 56's starting tables) as this chat's table of that game has them, or, without one,
    every value the lobby offers ("50 or 100"): a player reads what their table plays."""
    if not has("en", f"rules-{game}"):
        return t(lang, "rules-missing")
    values: dict[str, object] = {}
    for name, allowed in find_game(game).options.items():
        if chosen is not None:  # an int: a text may pick its words by the value (Blot's 301)
            values[name] = int(str(chosen.get(name, allowed[0])))
        else:
            listed = [str(v) for v in sorted(allowed)]
            values[name] = t(lang, "rules-choices", some=", ".join(listed[:-1]), last=listed[-1])
    return t(lang, f"rules-{game}", **values)
