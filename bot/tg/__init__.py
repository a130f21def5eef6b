"""The Telegram door: the Application, its handlers and their typed context."""
