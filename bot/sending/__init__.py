"""The Telegram calls that send and edit, paced within Telegram's flood limits and the bot's
overall budget."""
