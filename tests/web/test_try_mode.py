"""Try mode's home (issue 39), in a headless Chromium against ``make try``'s server: a table
opened from home and left by the home button, seven times in one tab, the seventh still taking
presses (the page holds one event stream at a time: streams left open would use up the browser's
six connections to the server and leave presses hanging); the list shows the viewer's own tables
first with statuses in their language; an empty lobby of someone else is not listed; a new tab
is still signed in."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By

from bot import i18n

from .browser import Window, console_errors

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


def listed(window: Window) -> list[str]:
    rows: list[str] = window.until(lambda: window.js(
        "const r = [...document.querySelectorAll('#tables li')].map(li => li.textContent);"
        "return r.length && r"), "the list")
    return rows


def test_home_one_stream_own_tables_first_and_the_sign_in_kept(base: str) -> None:
    other, window = Window(base), Window(base)
    try:
        other.sign_in("Գոռ", "en")
        other.new_table("king")
        other.click("#buttons button[data-kind='l']")  # leaves it: an empty lobby
        other.until(lambda: (s := other.scene()) and not any(s["humans"]), "the lobby left")
        other.click("#homebutton")
        other.new_table("bazar_blot")  # someone else's lobby, waiting for players
        window.sign_in("Անի", "ru")
        for _ in range(7):  # each left, then the home button for the next
            window.new_table("hearts")
            window.click("#buttons button[data-kind='l']")
            window.until(lambda: (s := window.scene()) and not any(s["humans"]), "left")
            window.click("#homebutton")
            window.until(lambda: window.driver.find_element(By.ID, "home").is_displayed(), "home")
        window.new_table("thirteen")
        window.fill_and_start()  # presses on the eighth table are answered
        window.click("#homebutton")
        rows = listed(window)
        playing = i18n.t("ru", "web-status-playing")
        assert playing in rows[0] and i18n.t("ru", "web-status-lobby") in rows[1], rows
        assert i18n.t("ru", "game-thirteen") in rows[0] and "Անի" in rows[0], rows  # their own first
        assert not any(i18n.t("ru", "game-king") in row or i18n.t("ru", "game-hearts") in row
                       for row in rows), rows  # the empty lobbies
        window.driver.switch_to.new_window("tab")
        window.driver.get(base + "/")
        assert listed(window)[0] == rows[0]  # the same person, signed in
        assert not console_errors(window)
    finally:
        other.close()
        window.close()
