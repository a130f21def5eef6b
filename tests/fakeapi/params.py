"""Bot API errors and typed parameter reading.

The Bot API accepts parameters as a query string, urlencoded or multipart form
(every value a string; objects JSON-encoded, which is what PTB's HTTPXRequest
sends) or a JSON body (native types). `read_params` turns either into Python
values according to a per-method schema, so a method sees the same types
whichever encoding the client chose.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class UploadedFile:
    """A file part of a multipart/form-data request (Bot API "InputFile")."""

    filename: str
    content_type: str
    data: bytes


@dataclass(frozen=True)
class Described:
    """A method's result with the ``description`` Telegram adds to some successes
    (setWebhook: "Webhook was set", deleteWebhook: "Webhook is already deleted", ...)."""

    result: Any
    description: str


class ApiError(Exception):
    """A Bot API failure: becomes {"ok": false, "error_code", "description", "parameters"?}."""

    def __init__(self, status: int, description: str, parameters: dict | None = None):
        super().__init__(description)
        self.status = status
        self.description = description
        self.parameters = parameters

    def body(self) -> dict:
        body: dict[str, Any] = {
            "ok": False,
            "error_code": self.status,
            "description": self.description,
        }
        if self.parameters:
            body["parameters"] = self.parameters
        return body


def bad_request(reason: str) -> ApiError:
    return ApiError(400, f"Bad Request: {reason}")


def forbidden(reason: str) -> ApiError:
    return ApiError(403, f"Forbidden: {reason}")


# Real wording for the missing parameters a bot is most likely to hit; the rest
# get a generic message (the real server's wording varies per parameter).
_MISSING = {
    "chat_id": "chat_id is empty",
    "text": "message text is empty",
    "message_id": "message identifier is not specified",
    "callback_query_id": "query_id is empty",
    "action": "action is empty",
    "user_id": "user_id is empty",
    "commands": "commands is empty",
}

# Real wording for JSON-serialized parameters that fail to parse.
_BAD_JSON = {
    "reply_markup": "can't parse reply keyboard markup JSON object",
    "entities": "can't parse entities JSON object",
    "commands": "can't parse commands JSON object",
    "reply_parameters": "can't parse reply parameters JSON object",
    "scope": "can't parse BotCommandScope JSON object",
    "allowed_updates": "can't parse allowed updates JSON object",
    # Bot API 10.3's EphemeralMessageParameters; the real server's wording is not known yet, so
    # this follows its pattern for the other objects.
    "ephemeral_message_parameters": "can't parse ephemeral message parameters JSON object",
}


@dataclass(frozen=True)
class P:
    """A parameter declaration: kind is int, str, bool, float, chat_id, object or array."""

    kind: str
    required: bool = False


def _type_error(name: str, kind: str) -> ApiError:
    return bad_request(f'parameter "{name}" must be of type {kind}')


def _to_int(name: str, value: Any) -> int:
    if isinstance(value, bool):
        raise _type_error(name, "Integer")
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        try:
            return int(value.strip())
        except ValueError:
            pass
    raise _type_error(name, "Integer")


def _to_float(name: str, value: Any) -> float:
    if isinstance(value, bool):
        raise _type_error(name, "Float")
    try:
        return float(value)
    except (TypeError, ValueError):
        raise _type_error(name, "Float") from None


def _to_bool(name: str, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("true", "1", "false", "0"):
        return value.lower() in ("true", "1")
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    raise _type_error(name, "Boolean")


def _to_str(name: str, value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    raise _type_error(name, "String")


def _to_chat_id(name: str, value: Any) -> int | str:
    """Integer id or '@username'; anything else can only be an unknown chat."""
    if isinstance(value, str) and value.startswith("@"):
        return value
    try:
        return _to_int(name, value)
    except ApiError:
        raise bad_request("chat not found") from None


def _to_json(name: str, value: Any, kind: str) -> Any:
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except ValueError:
            raise bad_request(
                _BAD_JSON.get(name, f'can\'t parse JSON in parameter "{name}"')
            ) from None
    expected = dict if kind == "object" else list
    if not isinstance(value, expected):
        raise bad_request(_BAD_JSON.get(name, f'parameter "{name}" must be a JSON {kind}'))
    return value


def coerce(name: str, kind: str, value: Any) -> Any:
    if kind == "int":
        return _to_int(name, value)
    if kind == "float":
        return _to_float(name, value)
    if kind == "bool":
        return _to_bool(name, value)
    if kind == "str":
        return _to_str(name, value)
    if kind == "chat_id":
        return _to_chat_id(name, value)
    if kind in ("object", "array"):
        return _to_json(name, value, kind)
    if kind == "input_file":  # a file part, or a string: file_id, HTTP URL or attach://<part>
        if isinstance(value, UploadedFile | str):
            return value
        raise _type_error(name, "InputFile or String")
    raise AssertionError(f"unknown parameter kind {kind}")


def read_params(raw: dict[str, Any], schema: dict[str, P]) -> dict[str, Any]:
    """Check required parameters and convert declared ones; undeclared ones are
    ignored, as the real server ignores unknown parameters."""
    params: dict[str, Any] = {}
    for name, decl in schema.items():
        value = raw.get(name)
        if value is None or (value == "" and decl.kind != "str"):
            if decl.required:
                raise bad_request(_MISSING.get(name, f'parameter "{name}" is required'))
            continue
        params[name] = coerce(name, decl.kind, value)
    if any(decl.kind == "input_file" for decl in schema.values()):  # for attach://<part>
        params["_files"] = {k: v for k, v in raw.items() if isinstance(v, UploadedFile)}
    return params


def success_body(result: Any) -> dict[str, Any]:
    """The body of a successful answer."""
    if isinstance(result, Described):
        return {"ok": True, "result": result.result, "description": result.description}
    return {"ok": True, "result": result}
