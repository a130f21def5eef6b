"""The page's event-to-paint time (issue 39) in a headless Chromium at phone size (390×844):
``make try``'s server in a subprocess, one player who plays a Hearts deal by clicks. For every
scene the stream brings, the time from its JSON read off the stream to the next animation frame
(the page's drawing done, the paint next), p50 and p99 in ms. Run against another checkout's
page to compare (``--tree``: its bot and static files, with this checkout's Python).

    .venv/bin/python bench/page_paint.py [--tree /path/to/other/checkout] [--moves 14]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.web.browser import Window, free_port  # noqa: E402

# Each scene's JSON.parse is timed to the next animation frame: the same for any page version.
PROBE = """
window.paints = [];
const parse = JSON.parse;
JSON.parse = function (text, ...rest) {
  const value = parse.call(this, text, ...rest);
  if (typeof text === "string" && text.startsWith('{"table"')) {
    const t0 = performance.now();
    requestAnimationFrame(() => window.paints.push(performance.now() - t0));
  }
  return value;
};
"""


def play(window: Window, moves: int) -> None:
    """The pass, then ``moves`` cards, each once a card is raised (and the page is not playing
    others' cards back, where it does)."""
    window.choose(3)
    window.click("#buttons button")
    for _ in range(moves):
        window.until(lambda: window.js(
            "return (typeof playing === 'undefined' || !playing)"
            " && document.querySelector('#hand .card.legal') !== null"), "a card to play")
        version = window.scene()["version"]  # type: ignore[index]
        window.click("#hand .card.legal")
        window.until(lambda v=version: window.scene()["version"] > v, "the move")  # type: ignore[index]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tree", default=str(ROOT))
    parser.add_argument("--moves", type=int, default=12)
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        server = subprocess.Popen(
            [sys.executable, "-m", "bot.dev.trial", "--port", str(port), "--database",
             str(Path(tmp) / "try.sqlite3")], cwd=args.tree, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True,
            env={**os.environ, "PYTHONPATH": args.tree})
        assert server.stdout is not None
        server.stdout.readline()
        window = Window(f"http://127.0.0.1:{port}")
        try:
            window.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
            window.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                                          {"source": PROBE})
            window.sign_in("Bench", "en")
            window.new_table("hearts")
            window.fill_and_start()
            play(window, args.moves)
            time.sleep(1)
            paints = sorted(window.js("return window.paints"))
        finally:
            window.close()
            server.terminate()
            server.wait(10)
    p99 = paints[min(len(paints) - 1, int(len(paints) * 0.99))]
    print(f"{args.tree}: scenes {len(paints)}, event -> paint p50 {statistics.median(paints):.1f} ms,"
          f" p99 {p99:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
