"""setMyCommands, getMyCommands, deleteMyCommands: the bot's command lists per scope and
language."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .params import P, bad_request
from .world import World

if TYPE_CHECKING:
    from .methods import BotApiMethods

MAX_COMMANDS = 100
_COMMAND = re.compile(r"^[a-z0-9_]{1,32}$")
_LANGUAGE = re.compile(r"^([a-z]{2})?$")
_SCOPES_WITH_CHAT = ("chat", "chat_administrators", "chat_member")
_SCOPES = ("default", "all_private_chats", "all_group_chats", "all_chat_administrators")

_SCOPE = {"scope": P("object"), "language_code": P("str")}


class CommandMethods:
    def __init__(self, api: BotApiMethods):
        self.api = api
        self.world: World = api.world

    def register(self, r: Callable[..., None]) -> None:
        r("setMyCommands", {"commands": P("array", True), **_SCOPE}, self.set_my_commands)
        r("getMyCommands", _SCOPE, self.get_my_commands)
        r("deleteMyCommands", _SCOPE, self.delete_my_commands)

    async def set_my_commands(self, p: dict[str, Any]) -> bool:
        commands = p["commands"]
        if len(commands) > MAX_COMMANDS:
            raise bad_request("too many commands")
        for command in commands:
            _check_command(command)
        key = self._commands_key(p)
        self.world.commands[key] = [_stored_command(c) for c in commands]
        return True

    async def get_my_commands(self, p: dict[str, Any]) -> list[dict]:
        return self.world.commands.get(self._commands_key(p), [])

    async def delete_my_commands(self, p: dict[str, Any]) -> bool:
        self.world.commands.pop(self._commands_key(p), None)
        return True

    def _commands_key(self, p: dict[str, Any]) -> tuple[str, str]:
        language = p.get("language_code", "")
        if not _LANGUAGE.match(language):
            raise bad_request("invalid language code specified")
        return canonical_scope(self.canonical_scope_dict(p.get("scope"))), language

    def canonical_scope_dict(self, scope: dict | None) -> dict:
        """Validate a BotCommandScope and resolve its chat to a numeric id."""
        scope = scope or {"type": "default"}
        kind = scope.get("type")
        if kind in _SCOPES:
            return {"type": kind}
        if kind not in _SCOPES_WITH_CHAT:
            raise bad_request("wrong BotCommandScope type specified")
        if scope.get("chat_id") is None:
            raise bad_request("chat_id is empty")
        chat = self.api.find_chat(scope["chat_id"])
        if kind == "chat_member":
            if (
                not isinstance(scope.get("user_id"), int)
                or scope["user_id"] not in self.world.users
            ):
                raise bad_request("user not found")
            return {"type": kind, "chat_id": chat.id, "user_id": scope["user_id"]}
        return {"type": kind, "chat_id": chat.id}


def canonical_scope(scope: dict) -> str:
    return json.dumps(scope, sort_keys=True)


def _check_command(command: Any) -> None:
    if not isinstance(command, dict):
        raise bad_request("can't parse BotCommand: BotCommand must be an Object")
    for field in ("command", "description"):
        if not isinstance(command.get(field), str):
            raise bad_request(f"can't parse BotCommand: Can't find field \"{field}\"")
    if not _COMMAND.match(command["command"]):
        raise bad_request("BOT_COMMAND_INVALID")
    description = command["description"].strip()
    if not description:
        raise bad_request("command description must be non-empty")
    if len(description) > 256:
        raise bad_request("command description is too long")
    # BotCommand.is_ephemeral (Bot API 10.2): "True, if the command sends an ephemeral message,
    # which can be seen only by the sender of the message and the bot".
    if "is_ephemeral" in command and not isinstance(command["is_ephemeral"], bool):
        raise bad_request('can\'t parse BotCommand: Field "is_ephemeral" must be of type Boolean')


def _stored_command(command: dict) -> dict:
    """A BotCommand as getMyCommands returns it: is_ephemeral only when true."""
    stored = {"command": command["command"], "description": command["description"]}
    if command.get("is_ephemeral"):
        stored["is_ephemeral"] = True
    return stored
