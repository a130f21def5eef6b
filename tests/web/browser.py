"""The page in a real headless browser: Debian's chromium and chromium-driver (installed by
.ci/run as PostgreSQL is), driven by Selenium; ``make try``'s server in a subprocess on loopback."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
ARTEFACTS = Path(os.environ.get("SEGHAN_ARTEFACTS", "tmp/artefacts")).resolve()
WAIT = 60.0  # a ceiling, not a pace: every wait returns as soon as its condition holds


def need_browser() -> None:
    if CHROMIUM is None or DRIVER is None:
        if os.environ.get("CI"):
            pytest.fail("chromium and chromedriver are needed (.ci/run installs them)")
        pytest.skip("no chromium/chromedriver (apt install chromium chromium-driver)")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def trial_server(tmp: Path, port: int | None = None, **env: str) -> Iterator[str]:
    """``python -m bot.dev.trial`` on ``port`` (a free loopback port if none), ``env`` added to
    its environment (TURN_SECONDS="5"); yields its address. Started again on the same port and
    folder, it goes on with the same tables."""
    port = port or free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "bot.dev.trial", "--port", str(port), "--database",
         str(tmp / "try.sqlite3")], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, **env})
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert "127.0.0.1" in line, line
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(10)


class Window:
    """One browser window on the page."""

    def __init__(self, base: str) -> None:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM or ""
        for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=430,900", "--no-first-run", "--disable-extensions"):
            options.add_argument(flag)
        self.driver = webdriver.Chrome(service=Service(DRIVER or ""), options=options)
        self.base = base

    def close(self) -> None:
        self.driver.quit()

    def js(self, script: str, *args: Any) -> Any:
        return self.driver.execute_script(script, *args)

    def until(self, check: Callable[[], Any], what: str) -> Any:
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            value = check()
            if value:
                return value
            time.sleep(0.05)
        self.shot("timeout")
        errors = [e["message"] for e in self.driver.get_log("browser")]
        raise AssertionError(f"waited {WAIT:.0f} s for {what}; the console: {errors}")

    def scene(self) -> dict[str, Any] | None:
        return self.js("return typeof scene === 'undefined' ? null : scene")  # type: ignore[no-any-return]

    def sign_in(self, name: str, lang: str = "hy") -> None:
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.ui import Select

        self.driver.get(self.base + "/")
        self.until(lambda: self.driver.find_element(By.ID, "signin").is_displayed(), "sign-in")
        self.driver.find_element(By.ID, "name").send_keys(name)
        Select(self.driver.find_element(By.ID, "lang")).select_by_value(lang)
        self.driver.find_element(By.CSS_SELECTOR, "#signin button").click()
        self.until(lambda: self.driver.find_elements(By.CSS_SELECTOR, "#games button"), "the games")

    def new_table(self, game: str) -> int:
        self.click(f"#games button[data-game='{game}']")
        scene = self.until(lambda: (s := self.scene()) and s["status"] == "lobby" and s, "a lobby")
        return int(scene["table"])

    def click(self, css: str) -> None:
        """Click the first element matching ``css`` once there is one (found and clicked in one
        script: the page may draw its hand again between a find and a click)."""
        self.until(lambda: self.js(
            "const e = document.querySelector(arguments[0]); if (e) e.click(); return !!e;", css),
            css)

    def button(self, starts: str) -> None:
        """Press the page's button whose label starts with ``starts``."""
        self.until(lambda: self.js(
            "const b = [...document.querySelectorAll('#buttons button')]"
            ".find(b => b.textContent.startsWith(arguments[0])); if (b) b.click(); return !!b;",
            starts), f"a button {starts!r}")

    def choose(self, count: int) -> None:
        """Tap ``count`` raised cards of the hand in turn (a pass's), each once toggled in."""
        for _ in range(count):
            version = self.scene()["version"]  # type: ignore[index]
            self.click("#hand .card.legal")
            self.until(lambda v=version: self.scene()["version"] > v, "the card chosen")  # type: ignore[index]

    def fill_and_start(self) -> None:
        before = self.scene()
        assert before is not None
        self.button("🤖×")
        self.until(lambda: (s := self.scene()) and s["version"] > before["version"], "computers")
        self.button("▶")
        self.until(lambda: (s := self.scene()) and s["status"] == "playing", "the match")

    def shot(self, name: str) -> Path:
        ARTEFACTS.mkdir(parents=True, exist_ok=True)
        path = ARTEFACTS / f"{name}.png"
        self.driver.save_screenshot(str(path))
        print(f"screenshot: {path}")
        return path

    def replay(self, ref: str, step: int = 0) -> dict[str, Any]:
        """The page opened on a replay ('t12_3') at ``step``: its payload, once drawn."""
        self.driver.get(f"{self.base}/?replay={ref}" + (f"&step={step}" if step else ""))
        data: dict[str, Any] = self.until(lambda: self.js("return replay"), f"the replay {ref}")
        return data

    def step(self) -> int:
        return int(self.js("return replayStep"))

    def drawn(self, css: str) -> list[str]:
        """The codes of the cards drawn under ``css`` ('#hand', '#trick', '#hands')."""
        return list(self.js(f"return [...document.querySelectorAll('{css} .card')]"
                            ".map(c => c.dataset.code)"))

    def text(self, element: str) -> str:
        return str(self.js(f"return document.getElementById('{element}').textContent"))


def console_errors(window: Window) -> list[str]:
    """The page's script errors since the last call (a refused request is not one: the sign-in
    is asked for by a 401)."""
    return [e["message"] for e in window.driver.get_log("browser")
            if e["level"] == "SEVERE" and "Failed to load resource" not in e["message"]]
