"""getUpdates and the webhook methods: how updates leave the fake (the server's WebhookSender
posts them while a webhook is set)."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from .params import ApiError, Described, P, bad_request
from .world import Webhook, World

_CONFLICT = (
    "Conflict: terminated by other getUpdates request; "
    "make sure that only one bot instance is running"
)
_WEBHOOK_ACTIVE = (
    "Conflict: can't use getUpdates method while webhook is active; "
    "use deleteWebhook to delete the webhook first"
)
_WEBHOOK_PORTS = (443, 80, 88, 8443)
_SECRET_TOKEN = re.compile(r"^[A-Za-z0-9_-]*$")
MAX_SECRET_TOKEN = 256


class UpdateMethods:
    def __init__(self, world: World, *, webhook_local: bool):
        self.world = world
        self.webhook_local = webhook_local
        self._poll_generation = 0

    def register(self, r: Callable[..., None]) -> None:
        r(
            "getUpdates",
            {
                "offset": P("int"),
                "limit": P("int"),
                "timeout": P("int"),
                "allowed_updates": P("array"),
            },
            self.get_updates,
        )
        r(
            "setWebhook",
            {
                "url": P("str", True),
                "certificate": P("input_file"),
                "ip_address": P("str"),
                "max_connections": P("int"),
                "allowed_updates": P("array"),
                "drop_pending_updates": P("bool"),
                "secret_token": P("str"),
            },
            self.set_webhook,
        )
        r("deleteWebhook", {"drop_pending_updates": P("bool")}, self.delete_webhook)
        r("getWebhookInfo", {}, self.get_webhook_info)

    async def get_updates(self, p: dict[str, Any]) -> list[dict]:
        world = self.world
        if world.webhook is not None:
            raise ApiError(409, _WEBHOOK_ACTIVE)
        # A newer getUpdates ends an older one that is still waiting, with 409.
        self._poll_generation += 1
        generation = self._poll_generation
        world.changed()
        if "allowed_updates" in p:
            world.allowed_updates = _checked_allowed_updates(p["allowed_updates"])
        if "offset" in p:
            _confirm(world, p["offset"])
        limit = p.get("limit", 100)
        limit = limit if 1 <= limit <= 100 else 100
        deadline = asyncio.get_running_loop().time() + max(0, p.get("timeout", 0))
        while not world.updates and not world.closing:
            remaining = deadline - asyncio.get_running_loop().time()
            if remaining <= 0:
                break
            await world.wait_changed(remaining)
            if generation != self._poll_generation:
                raise ApiError(409, _CONFLICT)
            if world.webhook is not None:  # setWebhook while this poll waited
                raise ApiError(409, _WEBHOOK_ACTIVE)
        return world.updates[:limit]

    async def set_webhook(self, p: dict[str, Any]) -> Described:
        """An empty url removes the webhook; otherwise updates are POSTed to it (by the
        server's WebhookSender) and getUpdates answers 409 until deleteWebhook."""
        url = p["url"].strip()
        if not url:
            return await self.delete_webhook(p)
        self._check_webhook_url(url)
        secret = p.get("secret_token") or None
        if secret is not None:
            if len(secret) > MAX_SECRET_TOKEN:
                raise bad_request("secret token is too long")
            if not _SECRET_TOKEN.match(secret):
                raise bad_request("secret token contains unallowed characters")
        max_connections = p.get("max_connections", 40)
        if not 1 <= max_connections <= 100:
            raise bad_request("bad webhook: max_connections must be between 1 and 100")
        if "allowed_updates" in p:
            self.world.allowed_updates = _checked_allowed_updates(p["allowed_updates"])
        if p.get("drop_pending_updates"):
            self.world.updates.clear()
        hook = Webhook(url, secret, max_connections, p.get("ip_address") or None,
                       has_custom_certificate="certificate" in p)
        current = self.world.webhook
        if current is not None and (current.url, current.secret_token, current.max_connections,
                                    current.ip_address, current.has_custom_certificate) == (
                hook.url, hook.secret_token, hook.max_connections, hook.ip_address,
                hook.has_custom_certificate):
            return Described(True, "Webhook is already set")  # its error history is kept
        self.world.webhook = hook
        self.world.changed()
        return Described(True, "Webhook was set")

    def _check_webhook_url(self, url: str) -> None:
        parts = urlsplit(url)
        try:
            port = parts.port
        except ValueError:
            raise bad_request("bad webhook: invalid webhook URL port") from None
        if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
            raise bad_request("bad webhook: invalid webhook URL")
        if self.webhook_local:  # a telegram-bot-api --local server: http, any port and host
            return
        if parts.scheme.lower() != "https":
            raise bad_request("bad webhook: An HTTPS URL must be provided for webhook")
        if (port or 443) not in _WEBHOOK_PORTS:
            raise bad_request(
                "bad webhook: Webhook can be set up only on ports 80, 88, 443 or 8443"
            )

    async def delete_webhook(self, p: dict[str, Any]) -> Described:
        if p.get("drop_pending_updates"):
            self.world.updates.clear()
        was_set, self.world.webhook = self.world.webhook is not None, None
        self.world.changed()
        return Described(True, "Webhook was deleted" if was_set else "Webhook is already deleted")

    async def get_webhook_info(self, p: dict[str, Any]) -> dict:
        hook = self.world.webhook
        info: dict[str, Any] = {
            "url": hook.url if hook else "",
            "has_custom_certificate": bool(hook and hook.has_custom_certificate),
            "pending_update_count": len(self.world.updates),
        }
        if hook is None:
            return info
        info["max_connections"] = hook.max_connections
        if hook.ip_address:
            info["ip_address"] = hook.ip_address
        if hook.last_error_date is not None:
            info["last_error_date"] = hook.last_error_date
            info["last_error_message"] = hook.last_error_message
        if self.world.allowed_updates:
            info["allowed_updates"] = list(self.world.allowed_updates)
        return info


def _checked_allowed_updates(kinds: list) -> list[str]:
    if not all(isinstance(kind, str) for kind in kinds):
        raise bad_request("can't parse allowed updates JSON object")
    return kinds


def _confirm(world: World, offset: int) -> None:
    """offset > 0 confirms every update below it; offset < 0 keeps only the last -offset."""
    if offset > 0:
        world.updates[:] = [u for u in world.updates if u["update_id"] >= offset]
    elif offset < 0:
        del world.updates[: max(0, len(world.updates) + offset)]
