"""The ephemeral-message methods (Bot API 10.2; send parameters as of 10.3).

Sources, quoted where a check rests on them (aiogram's generated pages of the Bot API, the Bot
API changelog of 24 August 2026, tdlib's td_api):

* sendMessage.ephemeral_message_parameters (EphemeralMessageParameters, 10.3, replacing 10.2's
  receiver_user_id and callback_query_id parameters): receiver_user_id (Integer, required),
  callback_query_id ("Identifier of the callback query which triggered the message, if any"),
  replace_callback_query_message ("Pass True if the ephemeral message must be shown in place of
  the original message. Must be False for callback queries from ephemeral messages, which must
  be edited using regular editEphemeralMessage… methods"); 10.2's receiver_user_id: "for group
  and supergroup chats only".
* editEphemeralMessageText (chat_id, receiver_user_id, ephemeral_message_id, text,
  parse_mode, entities, link_preview_options, reply_markup; "On success, True is returned"),
  editEphemeralMessageReplyMarkup (chat_id, receiver_user_id, ephemeral_message_id,
  reply_markup), deleteEphemeralMessage (chat_id, receiver_user_id, ephemeral_message_id;
  "Returns True on success"). tdlib's EditEphemeralMessage: reply markup "pass null if none", so
  an edit without reply_markup removes the keyboard, as editMessageText does.
* ReplyParameters.ephemeral_message_id: "Identifier of the incoming ephemeral message that will
  be replied to ... A reply to an ephemeral message must itself be an ephemeral message. An
  ephemeral message may only be replied to within 15 seconds of being sent";
  ReplyParameters.chat_id "Not supported for ... ephemeral messages";
  allow_sending_without_reply "Always False for ... sent ephemeral messages".

Where the documentation is silent the fake decides, and says so (see README.md): the errors'
wording for a receiver who is not in the chat ("USER_NOT_PARTICIPANT", the server's code), an
unknown receiver ("user not found"), an ephemeral send to a private chat, and a
callback_query_id that is unknown, too old, or another receiver's or chat's (all Telegram's
"query is too old and response timeout expired or query ID is invalid"); only inline keyboards;
text only (sendPhoto and the caption/media edits are refused loudly).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .ephemeral import EphemeralMessage, EphemeralStore
from .markup import reply_markup
from .params import ApiError, P, bad_request, coerce
from .world import ADMINISTRATOR, CREATOR, MEMBER, RESTRICTED, Chat, World, now

if TYPE_CHECKING:
    from .methods import BotApiMethods

QUERY_INVALID = "query is too old and response timeout expired or query ID is invalid"
_PARAMS_JSON = "can't parse ephemeral message parameters JSON object"
_TARGET = {
    "chat_id": P("chat_id", True),
    "receiver_user_id": P("int", True),
    "ephemeral_message_id": P("int", True),
}
_PRESENT = (CREATOR, ADMINISTRATOR, MEMBER, RESTRICTED)


class EphemeralMethods:
    def __init__(self, api: BotApiMethods, store: EphemeralStore, *, callback_query_ttl: float,
                 clock: Callable[[], float]):
        self.api = api
        self.world: World = api.world
        self.store = store
        self.callback_query_ttl = callback_query_ttl
        self.clock = clock

    def register(self, register: Callable[..., None]) -> None:
        text = {"text": P("str"), "parse_mode": P("str"), "entities": P("array"),
                "link_preview_options": P("object"), "reply_markup": P("object"),
                "rich_message": P("object")}
        register("editEphemeralMessageText", {**_TARGET, **text}, self.edit_text)
        register("editEphemeralMessageReplyMarkup", {**_TARGET, "reply_markup": P("object")},
                 self.edit_reply_markup)
        register("deleteEphemeralMessage", dict(_TARGET), self.delete)
        for name in ("editEphemeralMessageCaption", "editEphemeralMessageMedia"):
            register(name, dict(_TARGET), _unsupported(name))

    # ---------------------------------------------------------------- sendMessage

    async def send(self, p: dict[str, Any]) -> dict:
        """sendMessage with ephemeral_message_parameters: a message only its receiver sees."""
        chat = self.group(p["chat_id"])
        receiver_id, query_id, replace = self._parameters(p["ephemeral_message_parameters"])
        self.check_receiver(chat, receiver_id)
        replaces = self._pressed(chat, receiver_id, query_id, replace)
        text, entities = self.api.formatted_text(p)
        markup = self._markup(p)
        thread_id = self.api.thread_id(chat, p.get("message_thread_id"))
        reply_to, reply_to_ephemeral = self._reply(chat, receiver_id, p)
        self.api.check_flood("sendMessage", chat, receiver_id=receiver_id)
        msg = EphemeralMessage(
            chat_id=chat.id, receiver_id=receiver_id,
            ephemeral_message_id=self.store.allocate_id(chat.id), seq=self.store.next_seq(),
            date=now(), sent_at=self.clock(), after_message_id=chat.next_message_id - 1,
            text=text, entities=entities, sent_text=p["text"], reply_markup=markup,
            from_user_id=self.world.bot.id, parse_mode=p.get("parse_mode"),
            message_thread_id=thread_id, reply_to_message_id=reply_to,
            reply_to_ephemeral_id=reply_to_ephemeral, callback_query_id=query_id,
            replaces_message_id=replaces,
        )
        self.store.add(msg)
        self.store.record("sendMessage", msg, p["text"], True)
        self.world.changed()
        return self.to_api(msg)

    def group(self, chat_id: int | str) -> Chat:
        """A group or supergroup the bot may write in."""
        chat = self.api.writable_chat(chat_id)
        if not chat.is_group:
            # "for group and supergroup chats only" (10.2); the wording is the fake's.
            raise bad_request("ephemeral messages can be sent only to group and supergroup chats")
        if chat.bot_status == RESTRICTED:
            raise bad_request("not enough rights to send text messages to the chat")
        return chat

    def _parameters(self, raw: Any) -> tuple[int, str | None, bool]:
        if not isinstance(raw, dict):
            raise bad_request(_PARAMS_JSON)
        if raw.get("receiver_user_id") is None:
            raise bad_request(f'{_PARAMS_JSON}: Can\'t find field "receiver_user_id"')
        receiver_id = coerce("receiver_user_id", "int", raw["receiver_user_id"])
        query_id = raw.get("callback_query_id")
        if query_id is not None:
            query_id = coerce("callback_query_id", "str", query_id)
        replace = coerce("replace_callback_query_message", "bool",
                         raw.get("replace_callback_query_message", False))
        return receiver_id, query_id or None, replace

    def check_receiver(self, chat: Chat, receiver_id: int) -> None:
        if receiver_id not in self.world.users:
            raise bad_request("user not found")
        if chat.members.get(receiver_id) not in _PRESENT:
            raise bad_request("USER_NOT_PARTICIPANT")

    def _pressed(self, chat: Chat, receiver_id: int, query_id: str | None,
                 replace: bool) -> int | None:
        """Check the press that asked for the message; the message it replaces, if asked to."""
        if query_id is None:
            if replace:
                raise bad_request("replace_callback_query_message requires callback_query_id")
            return None
        query = self.world.callback_queries.get(query_id)
        if (query is None or query.user_id != receiver_id or query.chat_id != chat.id
                or self.clock() - query.created_at > self.callback_query_ttl):
            raise bad_request(QUERY_INVALID)
        if not replace:
            return None
        if query.ephemeral_message_id is not None:
            raise bad_request("replace_callback_query_message must be False for callback "
                              "queries from ephemeral messages")
        return query.message_id

    def _markup(self, p: dict[str, Any]) -> dict | None:
        markup = p.get("reply_markup")
        if markup is not None and "inline_keyboard" not in markup:
            raise bad_request("FakeBotApi supports only inline keyboards on ephemeral messages")
        return reply_markup(p, inline_only=True)

    def _reply(self, chat: Chat, receiver_id: int, p: dict[str, Any]) -> tuple[int | None,
                                                                               int | None]:
        """(regular message replied to, incoming ephemeral message replied to)."""
        reply = p.get("reply_parameters") or {}
        if reply.get("chat_id") is not None:
            raise bad_request("reply_parameters.chat_id is not supported for ephemeral messages")
        if reply.get("ephemeral_message_id") is None:
            # allow_sending_without_reply is "Always False for ... sent ephemeral messages".
            strict = {**p, "allow_sending_without_reply": False,
                      "reply_parameters": {**reply, "allow_sending_without_reply": False}}
            return self.api.reply_target(chat, strict), None
        ephemeral_id = coerce("ephemeral_message_id", "int", reply["ephemeral_message_id"])
        incoming = self.store.find(chat.id, self.world.bot.id, ephemeral_id, from_bot=False)
        # Only its sender and the bot see a user's ephemeral message: the reply goes to them.
        if (incoming is None or incoming.from_user_id != receiver_id
                or self.clock() - incoming.sent_at > self.store.reply_window):
            raise bad_request("message to be replied not found")
        return None, ephemeral_id

    # ---------------------------------------------------------------- edits and deletes

    def editable(self, p: dict[str, Any]) -> tuple[Chat, EphemeralMessage]:
        chat = self.api.writable_chat(p["chat_id"])
        self.check_receiver(chat, p["receiver_user_id"])
        msg = self.store.find(chat.id, p["receiver_user_id"], p["ephemeral_message_id"])
        if msg is None:
            raise bad_request("message to edit not found")
        return chat, msg

    async def edit_text(self, p: dict[str, Any]) -> bool:
        if "rich_message" in p:
            raise bad_request("FakeBotApi does not implement rich messages")
        chat, msg = self.editable(p)
        text, entities = self.api.formatted_text(p)
        self._edit("editEphemeralMessageText", chat, msg, text, entities, self._markup(p),
                   p.get("text"))
        msg.sent_text, msg.parse_mode = p["text"], p.get("parse_mode")
        return True

    async def edit_reply_markup(self, p: dict[str, Any]) -> bool:
        chat, msg = self.editable(p)
        self._edit("editEphemeralMessageReplyMarkup", chat, msg, msg.text, msg.entities,
                   self._markup(p), None)
        return True

    def _edit(self, method: str, chat: Chat, msg: EphemeralMessage, text: str,
              entities: list[dict], markup: dict | None, sent_text: str | None) -> None:
        if (text, entities, markup) == (msg.text, msg.entities, msg.reply_markup):
            raise bad_request(
                "message is not modified: specified new message content and reply markup are "
                "exactly the same as a current content and reply markup of the message"
            )
        self.api.check_flood(method, chat, receiver_id=msg.receiver_id)
        msg.history.append((msg.text, msg.entities, msg.reply_markup))
        msg.text, msg.entities, msg.reply_markup = text, entities, markup
        msg.edit_count += 1
        msg.edit_date = now()
        delivered = self.store.deliver_edit()
        if delivered:
            msg.seen_text, msg.seen_entities, msg.seen_markup = text, list(entities), markup
        else:
            msg.dropped_edits += 1
        self.store.record(method, msg, sent_text, delivered)
        self.world.changed()

    async def delete(self, p: dict[str, Any]) -> bool:
        chat = self.api.find_chat(p["chat_id"])
        msg = self.store.find(chat.id, p["receiver_user_id"], p["ephemeral_message_id"])
        if msg is None:
            raise bad_request("message to delete not found")
        self.store.remove(msg, "deleted")
        self.world.changed()
        return True

    # ---------------------------------------------------------------- the Message object

    def to_api(self, msg: EphemeralMessage, *, seen: bool = False) -> dict:
        """The Message object of an ephemeral message: message_id 0, ephemeral_message_id and
        receiver_user (Message, Bot API 10.2). seen=True: as its receiver's app shows it."""
        chat = self.world.chats[msg.chat_id]
        sender = self.world.bot if msg.from_bot else self.world.users[msg.from_user_id]
        receiver = (self.world.bot if msg.receiver_id == self.world.bot.id
                    else self.world.users[msg.receiver_id])
        text, entities, markup = ((msg.seen_text, msg.seen_entities, msg.seen_markup) if seen
                                  else (msg.text, msg.entities, msg.reply_markup))
        data: dict[str, Any] = {
            "message_id": 0,
            "from": sender.to_api(),
            "chat": self.world.chat_to_api(chat),
            "date": msg.date,
            "text": text,
            "ephemeral_message_id": msg.ephemeral_message_id,
            "receiver_user": receiver.to_api(),
        }
        if entities:
            data["entities"] = entities
        if markup:
            data["reply_markup"] = markup
        if msg.message_thread_id is not None:
            data["message_thread_id"] = msg.message_thread_id
        if msg.edit_date is not None:
            data["edit_date"] = msg.edit_date
        # reply_to_message: "If the message is a reply to an ephemeral message, then this field
        # may be omitted" -- the fake omits it then.
        target = chat.messages.get(msg.reply_to_message_id or 0)
        if target is not None:
            data["reply_to_message"] = self.world.message_to_api(target, with_reply=False)
        return data


def _unsupported(name: str) -> Callable[[dict[str, Any]], Any]:
    async def refuse(p: dict[str, Any]) -> Any:
        raise ApiError(400, f"Bad Request: FakeBotApi does not implement {name} (text only)")

    return refuse
