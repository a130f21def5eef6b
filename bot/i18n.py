"""Fluent catalogues in ``locales/``: ``t(lang, key, **args)``; a key missing in a language falls
back to Armenian, then English. ``use_isolating=False``: no invisible marks reach Telegram."""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from fluent.runtime import FluentBundle, FluentResource

from .settings import LANGUAGES

LOCALES = Path(__file__).resolve().parent.parent / "locales"
FALLBACK = ("hy", "en")


@cache
def bundle(lang: str) -> FluentBundle:
    result = FluentBundle([lang], use_isolating=False)
    result.add_resource(FluentResource((LOCALES / f"{lang}.ftl").read_text(encoding="utf-8")))
    return result


def has(lang: str, key: str) -> bool:
    return bundle(lang).has_message(key)


def t(lang: str, key: str, **args: Any) -> str:
    """The text of ``key`` in ``lang``; the key itself if no catalogue has it (a test catches it)."""
    return _formatted(lang, key, tuple(sorted(args.items())))


@lru_cache(maxsize=8192)  # the same few texts are drawn again and again for every table
def _formatted(lang: str, key: str, items: tuple[tuple[str, Any], ...]) -> str:
    args = dict(items)
    for candidate in (lang, *FALLBACK):
        if candidate in LANGUAGES and bundle(candidate).has_message(key):
            b = bundle(candidate)
            message = b.get_message(key)
            if message.value is None:
                break
            text, _errors = b.format_pattern(message.value, args)
            return str(text)
    return key


def pick(*candidates: str | None, default: str = "hy") -> str:
    """The first candidate that is a language we speak ('en-US' counts as 'en')."""
    for value in candidates:
        code = (value or "").split("-")[0].lower()
        if code in LANGUAGES:
            return code
    return default
