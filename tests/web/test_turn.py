"""The turn on the page (issue 39), in a headless Chromium against ``make try``'s server with a
short turn timer: the clock counts down on the acting seat and warns at 10 s; when the time runs
out the page says what was played for the viewer (the pass, then a card); a dimmed card tapped
says why in the viewer's language and sends nothing."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot import i18n

from .browser import Window, console_errors, need_browser, trial_server

pytestmark = [pytest.mark.e2e, pytest.mark.slow]
SECONDS = 6  # the turn timer of this server


@pytest.fixture
def window(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Window]:
    need_browser()
    with trial_server(tmp_path_factory.mktemp("turn"), TURN_SECONDS=str(SECONDS)) as base:
        opened = Window(base)
        yield opened
        opened.close()


def test_the_timer_runs_out_and_a_dimmed_card_says_why(window: Window) -> None:
    window.sign_in("Ani", "en")
    window.js("setPace(0.2)")
    window.new_table("hearts")
    window.fill_and_start()
    clock = window.until(lambda: window.js(
        "const c = document.querySelector('.seat.me.turn .clock'); return c && c.textContent"),
        "the clock on the viewer's seat")
    assert clock.startswith("⏱") and int(clock[1:]) <= SECONDS
    assert window.js("return document.querySelector('.seat.me .clock').classList.contains('warn')")
    told = i18n.t("en", "web-timed")
    for _ in range(2):  # the pass, then a card: each played by the timer, each told
        seen = window.scene()["timed"]  # type: ignore[index]
        scene = window.until(lambda s0=seen: (s := window.scene()) and s["timed"]
                             and s["timed"] != s0 and s, "the timer's move")
        expected = f"{told} {scene['timed']['text']}"
        window.until(lambda e=expected: window.js(
            "return !$('alert').hidden && $('alert').textContent") == e, "the toast")
        window.shot("turn-timed-out")
    # a dimmed card: its reason said, nothing sent
    scene = window.until(lambda: (s := window.scene()) and any(
        c.get("why") for c in s["cards"]) and not window.js("return playing") and s,
        "a dimmed card with a reason")
    window.js("window.sent = 0; const f = window.fetch; window.fetch = (...a) => {"
              " if (String(a[0]).includes('api/press')) window.sent++; return f(...a); };")
    why = next(c for c in scene["cards"] if c.get("why"))
    window.js("$('alert').hidden = true")
    window.click(f"#hand .card.dim[data-code='{why['code']}']")
    alert = window.until(lambda: window.js(
        "return !$('alert').hidden && $('alert').textContent"), "the reason")
    assert alert == why["why"] and window.js("return window.sent") == 0
    assert not console_errors(window)
