"""Failure injection: the next calls of a method fail, are slow, or lose their answer."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .params import ApiError, read_params, success_body

if TYPE_CHECKING:
    from .methods import BotApiMethods


@dataclass
class _Failure:
    method: str  # lower-case method name, or "*" for any
    status: int | None
    retry_after: int | None
    description: str | None
    drop_connection: bool
    delay: float
    times: int
    lose_answer: bool = False


class FailureInjection:
    """Mixed into FakeBotApi (which provides `api`, `_failures` and `_record`)."""

    api: BotApiMethods
    _failures: list[_Failure]

    if TYPE_CHECKING:
        def _record(self, method: str, raw: dict[str, Any], status: int,
                    description: str | None, taken: float) -> None: ...

    def inject_failure(
        self,
        method: str = "*",
        *,
        status: int | None = None,
        retry_after: int | None = None,
        description: str | None = None,
        drop_connection: bool = False,
        delay: float = 0.0,
        times: int = 1,
        lose_answer: bool = False,
    ) -> None:
        """Make the next `times` calls of `method` ("*" = any) fail without effect.

        status=429 answers "Too Many Requests: retry after N" (retry_after, default 1);
        other statuses answer {"ok": false, "error_code": status, "description": ...};
        drop_connection closes the socket without a response; delay sleeps first
        (on its own, with no status, the call then runs normally: a slow server).
        lose_answer makes the call, then closes the socket without its answer: unlike every
        other failure it has its effect (the request reached Telegram, the reply was lost).
        """
        if status == 429 and retry_after is None:
            retry_after = 1
        self._failures.append(
            _Failure(
                method.lower(), status, retry_after, description, drop_connection, delay, times,
                lose_answer,
            )
        )

    def _take_failure(self, method: str) -> _Failure | None:
        for failure in self._failures:
            if failure.method in ("*", method.lower()):
                failure.times -= 1
                if failure.times <= 0:
                    self._failures.remove(failure)
                return failure
        return None

    async def _fail(
        self, request: web.Request, failure: _Failure, method: str, raw: dict[str, Any],
        taken: float,
    ) -> web.StreamResponse:
        if failure.delay:
            await asyncio.sleep(failure.delay)
        if failure.drop_connection:
            self._record(method, raw, 0, "connection dropped", taken)
            if request.transport is not None:
                request.transport.close()
            return web.Response()  # never reaches the client
        if failure.status is None or failure.lose_answer:  # a delay, or an answer lost: run it
            lookup = self.api.lookup(method)
            assert lookup is not None
            try:
                body: dict[str, Any] = success_body(
                    await lookup.handler(read_params(raw, lookup.schema))
                )
                status = 200
            except ApiError as error:
                body, status = error.body(), error.status
            if failure.lose_answer:
                self._record(method, raw, 0, "answer lost", taken)
                if request.transport is not None:
                    request.transport.close()
                return web.Response()
        else:
            status = failure.status
            body = _injected_error(failure).body()
        self._record(method, raw, status, None if body["ok"] else body.get("description"), taken)
        return web.json_response(body, status=status)


def _injected_error(failure: _Failure) -> ApiError:
    status = failure.status or 500
    if status == 429:
        description = failure.description or f"Too Many Requests: retry after {failure.retry_after}"
        return ApiError(429, description, {"retry_after": failure.retry_after})
    defaults = {500: "Internal Server Error", 502: "Bad Gateway", 409: "Conflict"}
    return ApiError(status, failure.description or defaults.get(status, "Injected failure"))
