"""The engine the bot runs: the compiled one (``make compiled``, tools/compiled_engine.py) when
build/mypyc holds a build of this very source, else the pure one, its reference. Imported first
by ``python -m bot``, before anything imports the engine; the computers' worker processes start
from that same module (``spawn`` imports the parent's main module), so they take it too."""

from __future__ import annotations

import sys
from pathlib import Path

BUILD = Path(__file__).resolve().parent.parent / "build" / "mypyc"


def take() -> str:
    """Which engine this process runs: "compiled", or "pure" and why."""
    if not BUILD.is_dir():
        return "pure"
    if "engine" in sys.modules:
        return "pure (imported before the build could be taken)"
    try:
        from tools.compiled_engine import use
        use()
    except (ImportError, SystemExit) as why:  # not shipped, or built from another source
        return f"pure ({why})"
    return "compiled"


ENGINE = take()
