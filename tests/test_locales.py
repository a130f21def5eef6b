"""The catalogues: same keys and variables as hy.ftl, every key the code uses exists, every game
has the words core.ftl asks it for and a text for each of its engine's refusals, buttons fit 64
bytes, alerts fit 200 characters, and Armenian counts 0 and 1 as `one`."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest
from fluent.syntax import FluentParser
from fluent.syntax import ast as fluent_ast
from fluent.syntax.visitor import Visitor

from bot import i18n
from bot.play.records import LobbyInfo
from bot.settings import LANGUAGES
from bot.views import Context, view_for
from bot.views import lobby as lobby_views
from engine import GAME_NAMES, find_game
from engine.players import LEVEL_NAMES

ROOT = Path(__file__).resolve().parent.parent
KEY = re.compile(r"^[a-z_]+(?:-[a-z0-9_]+)+$")
DOMAINS = {"game", "coach", "level", "lobby", "error", "illegal", "kick", "table", "hand", "deal", "match",
           "stats", "history", "chart",
           "start", "rules", "lang", "top", "score", "command", "timer", *GAME_NAMES}
ALERTS = ("error-", "illegal-", "lobby-", "kick-")


class _Variables(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.found: set[str] = set()

    def visit_VariableReference(self, node: fluent_ast.VariableReference) -> None:
        self.found.add(node.id.name)


def catalogue(lang: str) -> dict[str, set[str]]:
    """key -> the variables its text uses, over all the files of a language. A game's file
    holds only its own keys (``game-<game>``, ``<game>-*``, ``rules-<game>``), and no key is in
    two files."""
    keys: dict[str, set[str]] = {}
    for path in i18n.files(lang):
        resource = FluentParser().parse(path.read_text(encoding="utf-8"))
        junk = [e for e in resource.body if isinstance(e, fluent_ast.Junk)]
        assert not junk, f"{path} does not parse: {junk[0].content[:80]!r}"
        for entry in resource.body:
            if isinstance(entry, fluent_ast.Message):
                key = entry.id.name
                assert key not in keys, f"{lang}: {key} twice"
                if path.stem != "core":
                    assert key == f"game-{path.stem}" or key.startswith(
                        (f"{path.stem}-", f"rules-{path.stem}")), (path, key)
                visitor = _Variables()
                visitor.visit(entry)
                keys[key] = visitor.found
    return keys


def test_every_language_has_the_same_files() -> None:
    names = {lang: sorted(p.name for p in i18n.files(lang)) for lang in LANGUAGES}
    assert all(n == names["hy"] for n in names.values()), names


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "hy"])
def test_every_catalogue_has_the_keys_and_variables_of_hy(lang: str) -> None:
    hy, other = catalogue("hy"), catalogue(lang)
    assert set(other) == set(hy), (set(hy) - set(other), set(other) - set(hy))
    for key, variables in hy.items():
        assert other[key] == variables, f"{lang} {key}: {other[key]} != {variables}"


def refusals(game: str) -> tuple[str, ...]:
    """The reasons (IllegalAction keys) the game's engine module declares in ``REFUSALS``."""
    module = importlib.import_module(type(find_game(game)).__module__)
    found: tuple[str, ...] = module.REFUSALS
    return found


def keys_in_code() -> set[str]:
    """String literals in bot/ that look like locale keys, plus the keys built from names."""
    found: set[str] = set()
    for path in (ROOT / "bot").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and KEY.match(node.value) and node.value.split("-")[0] in DOMAINS:
                found.add(node.value)
    found |= {f"game-{g}" for g in GAME_NAMES} | {f"level-{lv}" for lv in LEVEL_NAMES}
    found |= {f"lobby-option-{o}" for g in GAME_NAMES for o in getattr(find_game(g), "options", {})}
    found |= {f"hearts-{kind}-{d}" for kind in ("pass", "to")
              for d in ("left", "right", "across", "none")}
    found |= {i18n.illegal_key(g, r) for g in GAME_NAMES for r in refusals(g)}
    from bot.tg.app import GROUP_COMMANDS, PRIVATE_COMMANDS
    found |= {f"command-{c}" for c in (*GROUP_COMMANDS, *PRIVATE_COMMANDS)}
    return found


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_refusal_has_a_text_in_every_language(game: str) -> None:
    """Its own (``<game>-illegal-<reason>``) or the shared one, never the general 'the rules
    do not allow that' (but for the reason named ``illegal``)."""
    assert "not-your-turn" in refusals(game) and "game-over" in refusals(game)
    for reason in refusals(game):
        key = i18n.illegal_key(game, reason)
        assert key in (f"{game}-illegal-{reason}", f"illegal-{reason}"), (game, reason)
        assert all(i18n.has(lang, key) for lang in LANGUAGES), (game, reason, key)


class _Words(Visitor):
    """The game words texts ask for (``{ WORD($game, "deal.the") }`` -> "deal.the") and the
    variants they choose between (``[one]``, ``[king]``)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: set[str] = set()
        self.variants: set[str] = set()

    def visit_Variant(self, node: fluent_ast.Variant) -> None:
        if isinstance(node.key, fluent_ast.Identifier):
            self.variants.add(node.key.name)
        self.generic_visit(node)

    def visit_FunctionReference(self, node: fluent_ast.FunctionReference) -> None:
        if node.id.name == "WORD":
            word = node.arguments.positional[1]
            assert isinstance(word, fluent_ast.StringLiteral), word
            self.found.add(word.value)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_core_names_no_game_and_every_game_has_the_words_it_asks_for(lang: str) -> None:
    """core.ftl speaks of every game alike; a game's word for a deal (``hearts-deal`` and the
    forms this language needs) and its name (``game-hearts``) are in its own file."""
    path = i18n.LOCALES / lang / "core.ftl"
    resource = FluentParser().parse(path.read_text(encoding="utf-8"))
    assert not {f"game-{g}" for g in GAME_NAMES} & {
        e.id.name for e in resource.body if isinstance(e, fluent_ast.Message)}
    words = _Words()
    words.visit(resource)
    assert "deal.title" in words.found and "other" in words.variants  # the scan finds them
    assert not words.variants & set(GAME_NAMES), words.variants & set(GAME_NAMES)
    bundle = i18n.bundle(lang)
    for game in GAME_NAMES:
        assert bundle.has_message(f"game-{game}"), (lang, game)
        for word in words.found:
            name, _, attribute = word.partition(".")
            assert bundle.has_message(f"{game}-{name}"), (lang, game, word)
            message = bundle.get_message(f"{game}-{name}")
            assert (message.attributes.get(attribute) if attribute else message.value), (lang, game, word)


def test_every_key_used_in_code_exists() -> None:
    used = keys_in_code()
    assert "illegal-must-follow-suit" in used and "error-stale" in used  # the scan finds keys
    missing = used - set(catalogue("hy"))
    assert not missing, missing


@pytest.mark.parametrize("lang", LANGUAGES)
def test_alerts_fit_200_characters(lang: str) -> None:
    args = {"games": ", ".join(GAME_NAMES)}
    for key in catalogue(lang):
        if key.startswith(ALERTS):
            text = i18n.t(lang, key, **args)
            assert len(text) <= 200, (lang, key, len(text))


@pytest.mark.parametrize("game_name", GAME_NAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_rendered_buttons_fit_64_bytes_and_alerts_200(lang: str, game_name: str) -> None:
    game = find_game(game_name)
    players = 4 if 4 in game.sizes else min(game.sizes)
    state = game.new_match(players, seed=7)
    names = ("Արամ Արամյան", "🤖2 " + i18n.t(lang, "level-hard"), "Ani", "Գոռ",
             *(f"Player {i}" for i in range(4, players)))
    ctx = Context(lang, 4_294_967_295, 9_999, names[:players], game_name, ("2C", "3C"))
    info = LobbyInfo((4,), (("target", 100),), ((0, 2), (1, 3)))
    own = LobbyInfo(game.sizes, tuple((o, v[0]) for o, v in game.options.items()),
                            game.public_observation(state).teams)
    screens = [lobby_views.lobby(ctx, i, "https://t.me/x?start=join_1", menu)
               for i in (info, own) for menu in (0, 1)]
    screens.append(view_for(game_name).table(game.observation(state, 0), ctx))
    for seat in range(players):
        obs = game.observation(state, seat)
        screens.append(view_for(game_name).hand(obs, game.legal_actions(state, seat), ctx))
        assert len(view_for(game_name).hand_alert(obs, ctx)) <= 200
    for screen in screens:
        assert screen.text and len(screen.text) <= 4096
        for row in screen.rows:
            assert len(row) <= 8
            for button in row:
                assert button.text and (button.url or len((button.data or "").encode()) <= 64)


def test_armenian_counts_zero_and_one_as_one() -> None:
    bundle = i18n.bundle("hy")
    assert [bundle._plural_form(n) for n in (0, 1, 2, 5)] == ["one", "one", "other", "other"]


def test_missing_key_falls_back_to_armenian_then_shows_the_key() -> None:
    assert i18n.t("en", "game-hearts") == "Hearts"
    assert i18n.t("xx", "game-hearts") == "Սրտեր"
    assert i18n.t("ru", "no-such-key") == "no-such-key"


COMPUTER_KEYS = {"lobby-computer", "lobby-fill", "match-computer-ratings", "top-computers"}  # computers only


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_robot_sign_is_for_computers_only(lang: str) -> None:
    """A new player reads 🤖 as "a computer plays here": the lobby's "open the bot" button is 💬
    in every language, never 🤖 (ru had 🤖 Открыть бота)."""
    assert "🤖" not in i18n.t(lang, "lobby-open-bot")
    assert i18n.t(lang, "lobby-open-bot").startswith("💬 ")
    robots = {key for key in catalogue(lang) if "🤖" in i18n.t(lang, key)}
    assert robots == COMPUTER_KEYS, robots
