"""python -m bot without a usable token: one clear line naming .env and @BotFather, exit 2."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("token", [None, "", "not-a-token"])
def test_missing_or_malformed_token(tmp_path: Path, token: str | None) -> None:
    env = {k: v for k, v in os.environ.items() if k != "TELEGRAM_BOT_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    if token is not None:
        env["TELEGRAM_BOT_TOKEN"] = token
    done = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and ".env" in lines[0] and "@BotFather" in lines[0]
    assert "Traceback" not in done.stderr + done.stdout
