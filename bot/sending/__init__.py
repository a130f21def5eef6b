"""The Telegram calls that send and edit (calls), paced within Telegram's flood limits and the
bot's overall budget (pacing, budget), coalesced per message (queue: the Sender), and the posts
owed to chats, each sent once (outbox)."""
