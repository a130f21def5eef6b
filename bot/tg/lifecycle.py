"""The bot started and stopped by hand, where a web server of ours runs the loop instead of
python-telegram-bot's run_polling/run_webhook (webhook mode with the page, make try)."""

from __future__ import annotations

from .context import App


async def start_by_hand(application: App) -> None:
    """Start the bot without PTB's run_* (a web server of ours runs the loop): initialize,
    post_init, start."""
    await application.initialize()
    assert application.post_init is not None
    await application.post_init(application)
    await application.start()


async def stop_by_hand(application: App) -> None:
    """Undo ``start_by_hand``, the hooks PTB's run_* would call included."""
    if application.running:
        await application.stop()
    if application.post_stop is not None:
        await application.post_stop(application)
    await application.shutdown()
    if application.post_shutdown is not None:
        await application.post_shutdown(application)
