"""The table played at a pace a player can follow (issue 39), in a headless Chromium against
``make try``'s server: a Hearts deal and a Bazar Blot deal by clicks; from the page's own
playback log, every card of every trick stays drawn at least the set pace before the next card
or the sweep, the deal's result panel shows the engine's figures, and the next deal is drawn
only after it. Then a dimmed card tapped: its reason said, nothing sent."""

from __future__ import annotations

from typing import Any

import pytest

from bot import i18n
from bot.views.base import signed

from .browser import Window, console_errors

pytestmark = [pytest.mark.e2e, pytest.mark.slow]
PACE = 0.4  # the page's pace setting: a card 200 ms, a trick held 400 ms
CARD_MS = 500 * PACE


def start(window: Window, game: str) -> None:
    window.sign_in("Անի", "en")
    window.js("setPace(arguments[0])", PACE)
    window.new_table(game)
    window.fill_and_start()


def move(window: Window, lang: str = "en", deals: int = 1) -> bool:
    """One move by clicks once the page shows the present: a raised card, or in a Hearts pass
    three cards and the confirm, or in an auction Pass; False once deal ``deals`` + 1 is drawn
    or the match is over."""
    def ready() -> Any:
        s = window.js("return playing || newest !== scene ? null : scene")  # read at once: a
        if not s:  # scene read apart from ``playing`` may be one the playback has since passed
            return None
        if s["status"] != "playing" or s["view"]["deal"] > deals:
            return s
        view = s["view"]
        if view["phase"] == "pass" and len(view["chosen"]) < len(s["names"]) - 1:
            return None  # the computers' passes first: a toggle drawn before one would be stale
        if any(c["state"] == "legal" for c in s["cards"]) or window.js(
                "return document.querySelectorAll('#buttons button').length"):
            return s
        return None
    scene = window.until(ready, "the viewer's move")
    if scene["status"] != "playing" or scene["view"]["deal"] > deals:
        return False
    if scene["view"]["phase"] == "pass":
        window.choose(3)
        scene = window.scene()  # after the toggles: the confirm's move is one past their version
        window.click("#buttons button")
    elif window.js("return document.querySelectorAll('#hand .card.legal').length"):
        window.click("#hand .card.legal")
    else:  # an auction, or a combination to announce: pass, else the last button offered
        word = i18n.t(lang, "bazar_blot-pass")
        window.js("const b = [...document.querySelectorAll('#buttons button')];"  # drawn again
                  "const x = b.find(x => x.textContent === arguments[0]) || b[b.length - 1];"
                  "if (x) x.click();", word)  # since looked at: the next move() looks again
    window.until(lambda: window.scene()["version"] > scene["version"] or window.js(  # type: ignore[index]
        "return playing"), "the move taken")
    return True


def play_deal(window: Window) -> list[dict[str, Any]]:
    for _ in range(200):
        if not move(window):
            break
    log: list[dict[str, Any]] = window.js("return playLog")
    return log


def check_pace(log: list[dict[str, Any]]) -> None:
    """Each card drawn stays at least the pace before the next card or the trick's sweep."""
    felt = [e for e in log if e["what"] in ("card", "sweep")]
    for drawn, after in zip(felt, felt[1:], strict=False):
        if drawn["what"] == "card":
            assert after["t"] - drawn["t"] >= CARD_MS - 2, (drawn, after)


def check_result(log: list[dict[str, Any]], window: Window) -> None:
    """The result panel, with the engine's record's figures, between deal 1 and deal 2."""
    kinds = [e["what"] for e in log]
    shown = kinds.index("result")
    closed = kinds.index("result-closed")
    second = next(i for i, e in enumerate(log) if e["what"] == "scene" and e["deal"] == 2)
    assert shown < closed < second
    record = window.scene()["view"]["history"][0]  # type: ignore[index]
    text = log[shown]["text"]
    for value in record["results"]:
        assert signed(value) in text or str(value) in text, (value, text)


def test_a_hearts_deal_is_played_at_the_pace_and_its_result_shown(window: Window) -> None:
    start(window, "hearts")
    log = play_deal(window)
    cards = [e["code"] for e in log if e["what"] == "card"]
    sweeps = [e for e in log if e["what"] == "sweep"]
    assert len(set(cards)) == 52 and len(cards) == 52  # every card of every trick, once
    assert len(sweeps) == 13
    check_pace(log)
    check_result(log, window)
    window.shot("pacing-hearts-deal-two")
    assert not console_errors(window)


def test_a_blot_deal_is_played_at_the_pace_and_its_result_shown(window: Window) -> None:
    start(window, "bazar_blot")
    log = play_deal(window)
    cards = [e["code"] for e in log if e["what"] == "card"]
    assert len(cards) == len(set(cards))
    check_pace(log)
    check_result(log, window)


def test_a_hearts_match_ends_with_its_results_card(window: Window) -> None:
    """A Hearts match to 50, by clicks at a quick pace: its end is a card over the felt with the
    places, the last deal's result, 📋 and 🔁."""
    window.sign_in("Անի", "en")
    window.js("setPace(0.1)")
    window.new_table("hearts")
    before = window.scene()["version"]  # type: ignore[index]
    window.button("🎯")  # to 100 -> to 50
    window.until(lambda: window.scene()["version"] > before, "the target set")  # type: ignore[index]
    window.fill_and_start()
    for _ in range(2000):
        if not move(window, deals=99):
            break
    scene = window.until(lambda: (s := window.scene()) and s["status"] == "finished" and s,
                         "the match's end")
    card = window.until(lambda: window.js("return !$('result').hidden && $('result').innerText"),
                        "the results card")
    for line in scene["felt"]["result"]["lines"]:
        assert line in card
    kinds = window.js("return [...document.querySelectorAll('#resultbuttons button')]"
                      ".map(b => b.dataset.kind)")
    assert {"q", "r"} <= set(kinds)  # 📋 and 🔁
    window.shot("pacing-hearts-match-over")
    assert not console_errors(window)
