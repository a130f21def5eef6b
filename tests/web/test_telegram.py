"""The page inside Telegram (issue 39), against a stand-in of ``telegram-web-app.js`` that records
calls (tests/web/telegram_stand_in.js, put in the page before its scripts run; the bot never
serves it): a Telegram user opens a lobby from its link, joins, and when the match starts the
turn is theirs with a haptic nudge; the Hearts pass's confirm is the main button, which sends
it; the BackButton is shown and closes the Mini App; vertical swipes are off."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.dev.trial import TOKEN

from ..bot.web import init_data
from .browser import Window, console_errors

pytestmark = [pytest.mark.e2e, pytest.mark.slow]
STAND_IN = Path(__file__).with_name("telegram_stand_in.js").read_text(encoding="utf-8")


def calls(window: Window) -> list[list[Any]]:
    return list(window.js("return Telegram.WebApp.calls"))


def names(window: Window) -> list[str]:
    return [call[0] for call in calls(window)]


def test_the_page_inside_telegram(base: str) -> None:
    host, guest = Window(base), Window(base)
    try:
        host.sign_in("Անի", "en")
        table = host.new_table("hearts")
        data = init_data(9_100_000_001, TOKEN, lang="en", start=str(table))
        guest.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {
            "source": STAND_IN + f"\nTelegram.WebApp.initData = {json.dumps(data)};"})
        guest.driver.get(f"{base}/#tgWebAppData={data}")
        guest.until(lambda: (s := guest.scene()) and s["status"] == "lobby", "the lobby")
        assert {"ready", "expand", "disableVerticalSwipes", "BackButton.show"} <= set(names(guest))
        assert guest.js("return document.getElementById('homebutton').hidden")  # Telegram's instead
        guest.button("Join")
        guest.until(lambda: guest.scene()["seat"] is not None, "seated")  # type: ignore[index]
        host.fill_and_start()
        guest.until(lambda: "impactOccurred" in names(guest), "a nudge on the guest's turn")
        guest.choose(3)  # three cards for the pass
        assert ["MainButton.show"] in calls(guest) and "MainButton.setText" in names(guest)
        version = guest.scene()["version"]  # type: ignore[index]
        guest.js("Telegram.WebApp.handlers.MainButton()")  # the main button: the pass sent
        passed = guest.until(lambda: (s := guest.scene()) and s["version"] > version and s,
                             "the pass confirmed")
        assert passed["view"]["phase"] != "pass" or passed["seat"] in passed["view"]["chosen"]
        assert "selectionChanged" in names(guest)
        guest.js("Telegram.WebApp.handlers.BackButton()")
        assert names(guest)[-1] == "close"
        assert not console_errors(guest)
    finally:
        host.close()
        guest.close()
