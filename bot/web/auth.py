"""Who is at the page: Telegram's initData checked as the Bot API documents it ("Validating
data received via the Mini App"), then a short-lived session signed by this bot.

initData is a query string; its ``hash`` is hex HMAC-SHA256 of the data-check-string (every other
field as ``key=value``, sorted by key, joined by newlines) under the key HMAC-SHA256(key=
"WebAppData", msg=bot token). A session is the user's id, name and language, an expiry and the
generation of their sessions it was issued in, signed with a key derived from SESSION_KEY (else
the token), so any worker of the bot can read it: a new SESSION_KEY ends every session, a new
generation (the store's ``sessions``) one person's.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from dataclasses import asdict, dataclass
from urllib.parse import parse_qsl

MAX_AGE = 3600  # initData older than an hour is refused
SESSION_SECONDS = 2 * 3600


class Refused(Exception):
    """Not signed by Telegram for this bot, or too old: the request gets 401."""


@dataclass(frozen=True, slots=True)
class Viewer:
    """The person at the page."""

    id: int
    name: str
    username: str = ""
    lang: str = ""  # their Telegram app's language_code
    expires: float = 0.0
    generation: int = 0  # the person's sessions' generation when issued (storage: sessions)


def secret_key(token: str) -> bytes:
    return hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()


def data_check_string(fields: dict[str, str]) -> str:
    return "\n".join(f"{k}={v}" for k, v in sorted(fields.items()) if k != "hash")


def sign_init_data(fields: dict[str, str], token: str) -> str:
    """The hash Telegram would put beside ``fields`` (tests and try mode sign with it)."""
    return hmac.new(secret_key(token), data_check_string(fields).encode(),
                    hashlib.sha256).hexdigest()


def check_init_data(init_data: str, token: str, now: float | None = None) -> tuple[Viewer, str]:
    """The viewer and the start parameter (the table id of a t.me link) of a valid initData."""
    try:
        pairs = parse_qsl(init_data, keep_blank_values=True, strict_parsing=True)
    except ValueError as error:
        raise Refused("initData is not a query string") from error
    fields = dict(pairs)
    if len(fields) != len(pairs) or "hash" not in fields:
        raise Refused("initData without one hash")
    if not hmac.compare_digest(sign_init_data(fields, token), fields["hash"]):
        raise Refused("initData not signed for this bot")
    now = time.time() if now is None else now
    try:
        age = now - int(fields.get("auth_date", ""))
        user = json.loads(fields["user"])
        viewer = Viewer(int(user["id"]), str(user.get("first_name", "")) + (
            " " + user["last_name"] if user.get("last_name") else ""),
            str(user.get("username", "")), str(user.get("language_code", "")))
    except (ValueError, KeyError, TypeError) as error:
        raise Refused("initData without auth_date or user") from error
    if not -60 <= age <= MAX_AGE:  # a minute of clock skew allowed, never an older initData
        raise Refused("initData too old")
    return viewer, fields.get("start_param", "")


def _session_key(token: str) -> bytes:
    return hmac.new(b"SeghanSession", token.encode(), hashlib.sha256).digest()


def issue(viewer: Viewer, token: str, now: float | None = None) -> str:
    """A session for ``viewer``: ``<payload>.<signature>``, both base64url."""
    now = time.time() if now is None else now
    body = json.dumps({**asdict(viewer), "expires": now + SESSION_SECONDS},
                      ensure_ascii=False, separators=(",", ":")).encode()
    payload = base64.urlsafe_b64encode(body).decode().rstrip("=")
    mac = hmac.new(_session_key(token), payload.encode(), hashlib.sha256).digest()
    return payload + "." + base64.urlsafe_b64encode(mac).decode().rstrip("=")


def read(session: str, token: str, now: float | None = None) -> Viewer:
    """The viewer of a session this bot issued and that has not expired."""
    payload, _, signature = session.partition(".")
    mac = hmac.new(_session_key(token), payload.encode(), hashlib.sha256).digest()
    given = base64.urlsafe_b64encode(mac).decode().rstrip("=")
    if not signature or not hmac.compare_digest(given, signature):
        raise Refused("session not issued by this bot")
    try:
        data = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
        viewer = Viewer(**data)
    except (ValueError, TypeError) as error:
        raise Refused("session unreadable") from error
    if viewer.expires < (time.time() if now is None else now):
        raise Refused("session expired")
    return viewer
