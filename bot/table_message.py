"""/table: the group's table message sent again at the bottom of the chat, for long matches that
scrolled away; the old message is edited to point down, its buttons gone (issue 18)."""

from __future__ import annotations

from storage import TableKey

from .i18n import t
from .runtime import Runtime
from .sender import Target
from .views import Screen


async def bring_down(app: Runtime, key: TableKey, lang: str) -> bool:
    """False if the chat (or topic) has no lobby or table in play."""
    found = await app.service.table_at(key)
    if found is None:
        return False
    table_id = found.id or 0
    async with app.service.lock(table_id):
        table = await app.service.load(table_id)
        if table.status not in ("lobby", "playing"):
            return False
        old = app.sender.detach(Target(table_id, None, key.chat_id, key.thread_id))
        old = old or table.table_message_id
        table.table_message_id = None  # the next screen is a new message, remembered as sent
        await app.service._save_keeping_state(table)
    await app.publish(await app.service.outcome(table_id))
    if old is not None:
        app.sender.close_message(key.chat_id, old, Screen(t(lang, "table-moved")))
    return True
