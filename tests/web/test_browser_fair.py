"""Issue 41 on the page in a headless Chromium: a finished deal's 📄 gives its text, and that
text pasted at home opens as a replay, every hand face up; the lobby shows the commitment and
🔒 gives it whole."""

from __future__ import annotations

import pytest

from engine.fair import COMMITMENT_TAG, commitment, short_form
from engine.paste import loads

from .browser import Window
from .test_browser import stored  # noqa: F401  (the fixture: a try server with a stored match)

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


def test_a_deals_paste_from_its_replay_opens_again_at_home(stored: tuple[str, int]) -> None:  # noqa: F811
    base, match = stored
    window = Window(base)
    try:
        window.sign_in("Ani", "en")
        window.replay(f"m{match}_2")
        window.click("#paste")
        text = window.until(lambda: window.js(
            "const s = document.getElementById('sheet');"
            "return !s.hidden && s.textContent.includes('seghan deal 1') && s.textContent"),
            "the pasted deal")
        pasted = text[text.index("seghan deal 1"):text.index("result ")]
        pasted += text[text.index("result "):].split("\n")[0].split("Share")[0]
        paste = loads(pasted)
        assert paste.game == "hearts" and paste.number == 2 and paste.result is not None
        window.driver.get(base + "/")
        window.click("#pastebox summary")
        window.js("document.getElementById('pastetext').value = arguments[0]", pasted)
        window.click("#pasteopen")
        window.until(lambda: window.js("return replay && replay.replay === 'p0_1'"), "the replay")
        rows = window.js("return [...document.querySelectorAll('#hands .handrow')].map("
                         "r => r.querySelectorAll('.card').length)")
        assert rows == [13, 13, 13, 13] and window.step() == 0
        window.click("#last-step")
        window.until(lambda: window.step() == len(paste.log), "the deal's end")
        window.shot("pasted-deal")
    finally:
        window.close()


def test_the_lobby_shows_its_commitment_and_gives_it_whole(stored: tuple[str, int]) -> None:  # noqa: F811
    base, _ = stored
    window = Window(base)
    try:
        window.sign_in("Ani", "en")
        window.new_table("hearts")
        short = window.until(lambda: window.js(
            "return [...document.querySelectorAll('#info, #board')].map(e => e.textContent)"
            ".join(' ').match(/🔒 ([0-9a-f]{4} [0-9a-f]{4})…/)"), "the commitment")[1]
        window.button("🔒")
        alert = window.until(lambda: window.js(
            "const a = document.getElementById('alert'); return !a.hidden && a.textContent"),
            "the commitment's alert")
        whole = alert.split(": ")[1].split(".")[0]
        assert len(whole) == 64 and whole.startswith(short.replace(" ", ""))
    finally:
        window.close()


def test_the_page_checks_the_revealed_secret_against_the_commitment_it_kept(
        stored: tuple[str, int]) -> None:  # noqa: F811
    """fair.js hashes the secret as engine.fair does (SHA-256 under its tag) and compares it
    with the commitment this device kept from the lobby: a server that showed one commitment
    and revealed a secret of another is caught, even if its last scene names the other."""
    base, _ = stored
    window = Window(base)
    secret, other = bytes(range(32)), bytes(range(1, 33))
    try:
        window.sign_in("Ani", "en")
        words = {"fair-kept": "kept {short}", "fair-broken": "broken {short}"}

        def seen(table: int, status: str, key: bytes, revealed: bool) -> str:
            fair = {"commitment": commitment(key), "tag": COMMITMENT_TAG.hex()}
            if revealed:
                fair["secret"] = key.hex()
            scene = {"table": table, "status": status, "fair": fair, "words": words}
            return str(window.js(
                "const s = arguments[0]; showResult(s, ['…'], [], 0);"
                "return seghanFair.check(s).then(() => {"
                "  const line = document.getElementById('faircheck');"
                "  return line ? line.className + ': ' + line.textContent : ''; });", scene))

        short = short_form(commitment(secret))
        assert seen(990, "lobby", secret, False) == ""
        assert seen(990, "playing", secret, False) == ""
        assert seen(990, "finished", secret, True) == f"kept: kept {short}"
        assert seen(991, "lobby", secret, False) == ""
        assert seen(991, "finished", other, True) == f"broken: broken {short}"
        assert seen(992, "finished", other, True) == "kept: kept " + short_form(commitment(other))
    finally:
        window.close()
