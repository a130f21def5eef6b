"""The page in a headless Chromium against ``make try``'s server: a whole Hearts deal by clicks,
a player and a spectator in sync, a reload mid-deal, the page in hy, en and ru, and every game's
table photographed (tmp/artefacts/, printed)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bot import i18n
from engine import GAME_NAMES

from .browser import Window, need_browser, trial_server

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    need_browser()
    with trial_server(tmp_path_factory.mktemp("try")) as address:
        yield address


@pytest.fixture
def window(base: str) -> Iterator[Window]:
    opened = Window(base)
    yield opened
    opened.close()


def play_one(window: Window) -> None:
    """Click a raised card of the hand, or, in a pass, three cards and the confirm button."""
    scene = window.until(lambda: (s := window.scene()) and (
        any(c["state"] == "legal" for c in s["cards"]) or s["status"] != "playing") and s,
        "a card to play")
    if scene["status"] != "playing":
        return
    if scene["view"]["phase"] == "pass":
        for _ in range(3):
            version = window.scene()["version"]  # type: ignore[index]
            window.click("#hand .card.legal")
            window.until(lambda v=version: window.scene()["version"] > v, "the card chosen")  # type: ignore[index]
        window.click("#buttons button")
    else:
        window.click("#hand .card.legal")
    window.until(lambda: window.scene()["version"] > scene["version"], "the move taken")  # type: ignore[index]


def test_a_whole_hearts_deal_by_clicks_with_a_spectator_and_a_reload(base: str, window: Window) -> None:
    window.sign_in("Անի")
    table = window.new_table("hearts")
    window.fill_and_start()
    spectator = Window(base)
    try:
        spectator.sign_in("Գոռ")
        spectator.driver.get(f"{base}/?table={table}")
        play_one(window)  # the pass
        window.shot("hearts-after-pass")
        # Thirteen cards, one a trick: counted, not read off the scene, which may still show deal 1
        # for a moment after the last card while the computers finish the trick.
        for tricks in range(1, 14):
            play_one(window)
            if tricks == 5:  # mid-deal: the reloaded page shows the same table and hand
                before = window.scene()
                window.driver.refresh()
                after = window.until(lambda: window.scene(), "the scene after a reload")
                assert after["version"] >= before["version"] and after["cards"]  # type: ignore[index]
                version = after["version"]
                watched = spectator.until(
                    lambda v=version: (s := spectator.scene()) and s["version"] >= v and s,
                    "the spectator in sync")
                assert watched["seat"] is None and watched["cards"] == []
                assert watched["view"]["trick"] == window.scene()["view"]["trick"]  # type: ignore[index]
                window.shot("hearts-mid-deal")
                spectator.shot("hearts-spectator")
        scene = window.until(lambda: (s := window.scene()) and (
            s["view"]["deal"] == 2) and s, "the next deal")
        assert len(scene["view"]["history"]) >= 1 and len(scene["cards"]) == 13  # none played twice
        window.shot("hearts-deal-two")
    finally:
        spectator.close()


@pytest.mark.parametrize(("lang", "word"), [("hy", "Սրտեր"), ("en", "Hearts"), ("ru", "Червы")])
def test_the_page_speaks_the_viewers_language(window: Window, lang: str, word: str) -> None:
    if lang == "ru":  # and takes a dark theme (Telegram's themeParams, else the system's)
        window.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    window.sign_in("Ani", lang)
    window.new_table("hearts")
    window.fill_and_start()
    title = window.js("return document.getElementById('title').textContent")
    assert word in title, title
    window.shot(f"hearts-{lang}")


@pytest.mark.parametrize("lang", ["hy", "en", "ru"])
@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_games_table_drawn(window: Window, game: str, lang: str) -> None:
    window.sign_in("Անի", lang)
    window.new_table(game)
    window.fill_and_start()
    for _ in range(6):  # a few moves in: bids, a trick on the table
        play_one_or_choose(window)
    title = window.js("return document.getElementById('title').textContent")
    assert i18n.t(lang, f"game-{game}") in title, title
    path: Path = window.shot(f"table-{game}-{lang}")
    assert path.stat().st_size > 5000


def play_one_or_choose(window: Window) -> None:
    """A card if one is raised, else the first button (a bid, a contract, a picker's step)."""
    scene = window.until(lambda: (s := window.scene()) and (
        s["cards"] or s["buttons"] or s["status"] != "playing") and s, "something to do")
    if scene["status"] != "playing":
        return
    if scene["view"]["phase"] == "pass":
        play_one(window)
    elif any(c["state"] == "legal" for c in scene["cards"]):
        window.click("#hand .card.legal")
    elif scene["buttons"]:
        window.click("#buttons button")
    else:
        return
    window.until(lambda: window.scene()["version"] > scene["version"], "the move taken")  # type: ignore[index]


def test_a_blot_auction_and_its_deal_by_clicks(window: Window) -> None:
    """Bids through the page's picker (level, then suit), then the eight tricks by clicks."""
    window.sign_in("Անի")
    window.new_table("bazar_blot")
    window.fill_and_start()
    phases = set()
    for _ in range(300):
        scene = window.scene()
        assert scene is not None
        if scene["status"] != "playing" or scene["view"]["history"]:
            break
        phases.add(scene["view"]["phase"])
        play_one_or_choose(window)
    scene = window.scene()
    assert scene is not None and scene["view"]["history"], "the first deal did not end"
    assert {"auction", "play"} <= phases
    window.shot("bazar_blot-deal-two")
