"""Ephemeral messages (Bot API 10.2) on the in-process fake (fake.py): sendMessage with
ephemeral_message_parameters, editEphemeralMessageText, deleteEphemeralMessage, as
tests/fakeapi does them (per chat ids, the lowest free one; only a group; a receiver who left
the group refused), and a press on one. Kept apart from the chat's messages: a group never
sees them."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .fake import Harness, Sent


class EphemeralFake:
    """Mixed into FakeTelegram, which holds ``ephemeral``: (chat, receiver, id) -> Sent."""

    ephemeral: dict[tuple[int, int, int], Sent]
    left: set[int]

    def send_ephemeral(self, params: dict[str, Any]) -> dict[str, Any]:
        from .fake import ApiError, Sent, _user

        chat = int(params["chat_id"])
        receiver = int(params["ephemeral_message_parameters"]["receiver_user_id"])
        if chat > 0:
            raise ApiError(400, "Bad Request: ephemeral messages can be sent only to group and "
                                "supergroup chats")
        if receiver in self.left:
            raise ApiError(400, "Bad Request: USER_NOT_PARTICIPANT")
        self._check(params)
        used = {i for (c, _, i) in self.ephemeral if c == chat}
        ephemeral_id = min(set(range(1, len(used) + 2)) - used)
        self.ephemeral[(chat, receiver, ephemeral_id)] = Sent(
            chat, ephemeral_id, params["text"], params.get("reply_markup"))
        return self._message(chat, 0, params["text"]) | {
            "ephemeral_message_id": ephemeral_id, "receiver_user": _user(receiver)}

    def api_editEphemeralMessageText(self, params: dict[str, Any]) -> bool:
        from .fake import ApiError

        sent = self.ephemeral.get(self._key(params))
        if sent is None:
            raise ApiError(400, "Bad Request: message to edit not found")
        self._check(params)
        if sent.text == params["text"] and sent.markup == params.get("reply_markup"):
            raise ApiError(400, "Bad Request: message is not modified")
        sent.text, sent.markup = params["text"], params.get("reply_markup")
        sent.edits += 1
        return True

    def api_deleteEphemeralMessage(self, params: dict[str, Any]) -> bool:
        from .fake import ApiError

        if self.ephemeral.pop(self._key(params), None) is None:
            raise ApiError(400, "Bad Request: message to delete not found")
        return True

    def ephemeral_of(self, chat: int, user: int) -> list[Sent]:
        """What ``user`` sees of the bot's ephemeral messages in ``chat``, oldest first."""
        return [s for (c, r, _), s in sorted(self.ephemeral.items(), key=lambda i: i[0][2])
                if (c, r) == (chat, user)]

    @staticmethod
    def _key(params: dict[str, Any]) -> tuple[int, int, int]:
        return (int(params["chat_id"]), int(params["receiver_user_id"]),
                int(params["ephemeral_message_id"]))

    def _check(self, params: dict[str, Any]) -> None: ...
    def _message(self, chat: int, message_id: int, text: str) -> dict[str, Any]: ...


async def press_ephemeral(h: Harness, user: int, sent: Sent, data: str,
                          lang: str = "hy") -> dict[str, Any]:
    """``user`` presses a button of the ephemeral message ``sent`` (theirs, in a group): the
    callback query's message has message_id 0, ephemeral_message_id and receiver_user."""
    from .fake import _user

    before = len(h.fake.answers)
    await h.feed({"callback_query": {
        "id": str(next(h._update_ids)), "from": _user(user, lang), "chat_instance": "c",
        "data": data, "message": {
            "message_id": 0, "date": int(time.time()), "text": sent.text,
            "chat": {"id": sent.chat_id, "type": "supergroup", "title": "Group"},
            "ephemeral_message_id": sent.message_id, "receiver_user": _user(user)}}})
    assert len(h.fake.answers) == before + 1, "every callback query is answered"
    return h.fake.answers[-1]
