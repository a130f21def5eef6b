"""Fluent catalogues in ``locales/<lang>/``: ``core.ftl`` for what every game shares and one file
per game (``hearts.ftl``: its name ``game-hearts``, keys ``hearts-*``, ``rules-hearts``), so a game
brings its words in its own files and core.ftl names none: where a shared text needs a game's word,
it asks the game's file with ``{ WORD($game, "deal.the") }`` (the attribute ``.the`` of
``hearts-deal``; each language has the forms its grammar needs). ``t(lang, key, **args)``; a key
missing in a language falls back to Armenian, then English.
``use_isolating=False``: no invisible marks reach Telegram (user names are isolated where they are
joined with other text, see ``isolate``)."""

from __future__ import annotations

from functools import cache, lru_cache, partial
from pathlib import Path
from typing import Any

from fluent.runtime import FluentBundle, FluentResource

from .settings import LANGUAGES

LOCALES = Path(__file__).resolve().parent.parent / "locales"
FALLBACK = ("hy", "en")


def files(lang: str) -> list[Path]:
    """The catalogue files of a language: core first, then the games' in name order."""
    folder = LOCALES / lang
    return [folder / "core.ftl", *sorted(p for p in folder.glob("*.ftl") if p.name != "core.ftl")]


@cache
def bundle(lang: str) -> FluentBundle:
    functions: dict[str, Any] = {"WORD": partial(game_word, lang)}  # typed FluentType; a str does
    result = FluentBundle([lang], use_isolating=False, functions=functions)
    for path in files(lang):
        result.add_resource(FluentResource(path.read_text(encoding="utf-8")))
    return result


def game_word(lang: str, game: Any, word: Any) -> str:
    """``WORD($game, "deal.from")`` in a text: the game's own word from its file, here the
    attribute ``.from`` of ``<game>-deal``."""
    return t(lang, f"{game}-{word}")


def isolate(name: str) -> str:
    """A user-supplied name as its own bidirectional island (U+2068 … U+2069), so a right-to-left
    name cannot reorder the cards and names around it."""
    return f"\u2068{name}\u2069"


def illegal_key(game: str, reason: str) -> str:
    """The alert key of an engine's IllegalAction reason: the game's own text, else the shared
    one, else the general 'the rules do not allow that'."""
    for key in (f"{game}-illegal-{reason}", f"illegal-{reason}"):
        if has("en", key) or has("hy", key):
            return key
    return "illegal-illegal"


def has(lang: str, key: str) -> bool:
    return bundle(lang).has_message(key)


def t(lang: str, key: str, **args: Any) -> str:
    """The text of ``key`` in ``lang`` (``key.attribute``: that attribute of it); the key itself
    if no catalogue has it (a test catches it)."""
    return _formatted(lang, key, tuple(sorted(args.items())))


@lru_cache(maxsize=8192)  # the same few texts are drawn again and again for every table
def _formatted(lang: str, key: str, items: tuple[tuple[str, Any], ...]) -> str:
    args = dict(items)
    name, _, attribute = key.partition(".")
    for candidate in (lang, *FALLBACK):
        if candidate in LANGUAGES and bundle(candidate).has_message(name):
            b = bundle(candidate)
            message = b.get_message(name)
            pattern = message.attributes.get(attribute) if attribute else message.value
            if pattern is None:
                break
            text, _errors = b.format_pattern(pattern, args)
            return str(text)
    return key


def pick(*candidates: str | None, default: str = "hy") -> str:
    """The first candidate that is a language we speak ('en-US' counts as 'en')."""
    for value in candidates:
        code = (value or "").split("-")[0].lower()
        if code in LANGUAGES:
            return code
    return default


def game_named(text: str) -> str | None:
    """The game a player typed: its registry name, an alias ("56", "blot"), or its name in any
    of our languages ("քինգ", "Червы"); None for none of these."""
    from engine import GAME_NAMES, resolve

    found = resolve(text)
    if found is not None:
        return found
    wanted = text.strip().lower()
    for game in GAME_NAMES:
        if any(t(lang, f"game-{game}").lower() == wanted for lang in LANGUAGES):
            return game
    return None


def game_list(lang: str, command: str = "new") -> str:
    """'Սրտեր (/new hearts), …': every game with the command that opens it (or its rules), by
    the shortest name a player can type ('56' rather than 'fifty_six')."""
    from engine import GAME_NAMES, find_game

    return ", ".join(f"{t(lang, 'game-' + g)} (/{command} {min((g, *find_game(g).aliases), key=len)})"
                     for g in GAME_NAMES)
