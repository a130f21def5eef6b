"""/rules follows the table's options: Hearts' target (100 or 50), Bazar Blot's 151 or 301,
Thirteen's games a match (1, 3, 5), 56's starting tables (12, 6, 24). With a table of that game
in the chat the text names the table's value; without one it names every value the lobby offers."""

from __future__ import annotations

import pytest

from bot import i18n
from bot.settings import LANGUAGES
from bot.views.rules import rules_text
from engine import GAME_NAMES, find_game
from storage import Store, TableKey

from .fake import GROUP, Harness

ARAM = 101

# Where each text names its option's value; {} is the value, or the list of choices.
SAYS = {
    ("hearts", "hy"): "հասնում է {}-ի", ("hearts", "en"): "reaches {} points",
    ("hearts", "ru"): "набирает {} очков",
    ("bazar_blot", "hy"): "խաղը մինչև {} է", ("bazar_blot", "en"): "played to {}",
    ("bazar_blot", "ru"): "игра идёт до {}",
    ("thirteen", "hy"): "Խաղերի թիվը՝ {}․", ("thirteen", "en"): "Games in a match: {};",
    ("thirteen", "ru"): "Игр в партии: {};",
    ("fifty_six", "hy"): "Ամեն թիմ ստանում է {} սեղան։",
    ("fifty_six", "en"): "Each team starts with {} tables.",
    ("fifty_six", "ru"): "Столов у каждой команды в начале: {}.",
}
CHOICES = {"hy": "կամ", "en": "or", "ru": "или"}
OPTIONS = [(game, name, values) for game in GAME_NAMES
           for name, values in find_game(game).options.items()]


def test_every_option_of_every_game_is_covered() -> None:
    assert {(g, n) for g, n, _ in OPTIONS} == {("hearts", "target"), ("bazar_blot", "target"),
                                               ("thirteen", "match_games"),
                                               ("fifty_six", "tables")}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("game", "name", "values"), OPTIONS)
def test_the_text_names_the_tables_value(lang: str, game: str, name: str,
                                         values: tuple[int, ...]) -> None:
    for value in values:
        text = rules_text(lang, game, {name: value})
        assert SAYS[game, lang].format(value) in text, text
        assert "{" not in text and "$" not in text
        for other in values:  # 50 nowhere in a 100-point table's rules, and so on
            if other != value:
                assert SAYS[game, lang].format(other) not in text
    assert rules_text(lang, game, {}) == rules_text(lang, game, {name: values[0]})  # the default


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("game", "name", "values"), OPTIONS)
def test_without_a_table_the_text_names_every_choice(lang: str, game: str, name: str,
                                                     values: tuple[int, ...]) -> None:
    low_first = [str(v) for v in sorted(values)]
    listed = f"{', '.join(low_first[:-1])} {CHOICES[lang]} {low_first[-1]}"  # "1, 3 or 5"
    text = rules_text(lang, game)
    assert SAYS[game, lang].format(listed) in text, text
    assert "{" not in text and "$" not in text


def test_the_palace_room_is_301() -> None:
    assert "301 (the palace room)" in rules_text("en", "bazar_blot", {"target": 301})
    assert "palace" not in rules_text("en", "bazar_blot", {"target": 151})
    assert "(301 in the palace room)" in rules_text("en", "bazar_blot")


def test_a_game_without_options_or_rules() -> None:
    assert rules_text("hy", "king") == i18n.t("hy", "rules-king")
    assert rules_text("en", "chess") == i18n.t("en", "rules-missing")


async def test_rules_hearts_follows_the_chats_table(store: Store) -> None:
    async with Harness(store) as h:
        await h.say(ARAM, "/rules hearts")  # no table: both targets
        assert "հասնում է 50 կամ 100-ի" in h.fake.chat(GROUP)[-1].text
        await h.say(ARAM, "/new hearts")
        lobby = h.table_message()
        await h.press(ARAM, lobby, lobby.button("🎯 Մինչև 100")["callback_data"])
        table = await store.tables.get(TableKey(chat_id=GROUP))
        assert table is not None and table.rules == {"target": 50}
        for command in ("/rules hearts", "/rules"):  # named, or the game at the table
            await h.say(ARAM, command)
            text = h.fake.chat(GROUP)[-1].text
            assert "հասնում է 50-ի" in text and "100" not in text, text
        await h.say(ARAM, "/rules 56")  # another game than the table's: every choice
        assert "Ամեն թիմ ստանում է 6, 12 կամ 24 սեղան" in h.fake.chat(GROUP)[-1].text
