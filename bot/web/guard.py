"""What every answer of the page's server carries, and how a request's body is read: the page's
own files and Telegram's script only (a Content-Security-Policy), and a JSON body refused with a
400 and a short reason when it is not what the page sends, before a parser could choke on it."""

from __future__ import annotations

import json
import re
from typing import Any

from aiohttp import web

TELEGRAM_SCRIPT = "https://telegram.org/js/telegram-web-app.js"
# the page is framed by Telegram's web clients (web.telegram.org/k, /a) and its apps (no origin)
FRAMED_BY = "https://web.telegram.org https://*.telegram.org"
POLICY = "; ".join((
    "default-src 'self'", f"script-src 'self' {TELEGRAM_SCRIPT}", "style-src 'self'",
    "img-src 'self' data:", "connect-src 'self'", "font-src 'self'", "object-src 'none'",
    "base-uri 'none'", "form-action 'none'", f"frame-ancestors {FRAMED_BY}"))
HEADERS = {"Content-Security-Policy": POLICY, "X-Content-Type-Options": "nosniff",
           "Referrer-Policy": "no-referrer", "Server": "Seghan"}  # no library, no versions

MAX_BODY = 16 * 1024  # initData is a few KB; a press's data 64 bytes
MAX_DEPTH = 4  # the page sends one flat object
_STRINGS = re.compile(rb'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(rb"[\[\]{}]")


async def with_headers(request: web.Request, response: web.StreamResponse) -> None:
    """``on_response_prepare``: on every answer, the static files and errors (404, 500) too."""
    response.headers.update(HEADERS)


def too_deep(raw: bytes, limit: int = MAX_DEPTH) -> bool:
    """Whether brackets outside strings nest deeper than ``limit`` (counted, never recursed)."""
    depth = 0
    for bracket in _BRACKETS.findall(_STRINGS.sub(b'""', raw)):
        depth += 1 if bracket in b"[{" else -1
        if depth > limit:
            return True
    return False


async def body(request: web.Request, *fields: str) -> dict[str, str]:
    """The body's ``fields``, each a string (missing: empty); 400 for anything else."""
    if request.content_length is not None and request.content_length > MAX_BODY:
        raise web.HTTPBadRequest(text="body too large")
    try:  # the whole body (a read of n bytes may stop at the first chunk that came)
        raw = await request.read()
    except web.HTTPRequestEntityTooLarge as error:  # chunked past the server's own limit
        raise web.HTTPBadRequest(text="body too large") from error
    if len(raw) > MAX_BODY:
        raise web.HTTPBadRequest(text="body too large")
    if too_deep(raw):
        raise web.HTTPBadRequest(text="JSON nested too deep")
    try:
        data: Any = json.loads(raw)
    except (ValueError, RecursionError) as error:  # RecursionError: not reached past too_deep
        raise web.HTTPBadRequest(text="JSON expected") from error
    if not isinstance(data, dict):
        raise web.HTTPBadRequest(text="a JSON object expected")
    if any(not isinstance(data.get(f, ""), str) for f in fields):
        raise web.HTTPBadRequest(text="a string expected in " + ", ".join(fields))
    return {f: data.get(f, "") for f in fields}
