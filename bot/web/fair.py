"""The page's part in fair deals and pasted deals (issue 41): the random value each press from
the page brings (static/fair.js), mixed into a fair lobby's deals as a seating press's id is."""

from __future__ import annotations

import re
from typing import Any

NONCE = re.compile(r"[0-9a-f]{16,64}")  # what fair.js draws: 16 random bytes, in hex


def nonce_of(body: dict[str, Any]) -> str:
    """The press's nonce, if the page sent one that looks like fair.js's; else none (a page of
    an older version, or something else posting)."""
    nonce = body.get("nonce")
    return nonce if isinstance(nonce, str) and NONCE.fullmatch(nonce) else ""
