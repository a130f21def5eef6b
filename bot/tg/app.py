"""build_app(): the Application with its handlers, rate limiter, storage and timers wired."""

from __future__ import annotations

import logging
import time
from typing import Any

from telegram import (
    Bot,
    BotCommandScopeAllGroupChats,
    BotCommandScopeAllPrivateChats,
    Update,
)
from telegram.error import TelegramError
from telegram.ext import (
    AIORateLimiter,
    ApplicationBuilder,
    CallbackQueryHandler,
    ChatMemberHandler,
    CommandHandler,
    JobQueue,
    MessageHandler,
    filters,
)
from telegram.request import BaseRequest

from storage import Store, open_store

from .. import i18n
from ..entrance.buttons import kinds
from ..entrance.presser import Door
from ..runtime import Runtime
from ..sending import ephemeral
from ..settings import LANGUAGES, Settings
from ..social import results
from ..social.season_posts import CHECK as SEASON_CHECK
from ..social.tournament_posts import CHECK as TOURNAMENT_CHECK
from .context import CONTEXT_TYPES, App, Context
from .handlers import hand, info, lobby, members, seasons, stats, tournament
from .handlers.presses import on_press

log = logging.getLogger(__name__)

GROUP_COMMANDS = ("new", "join", "hand", "stop", "kick", "score", "top", "stats", "history", "table", "timer",
                  "rules", "lang", "help", "season", "timezone", "tournament")
PRIVATE_COMMANDS = ("start", "stats", "rules", "lang", "settings", "help")
EPHEMERAL_COMMANDS = ("hand", "score")  # a group sees neither the command nor its answer



def api_base_url(value: str) -> str:
    """'http://host:port' or 'http://host:port/bot' -> the prefix PTB puts before the token."""
    value = value.rstrip("/")
    return value if value.endswith("/bot") else value + "/bot"


async def check_token(settings: Settings) -> None:
    """getMe once before polling: InvalidToken for a token Telegram refuses (PTB would log it
    with a traceback from inside run_polling)."""
    base = api_base_url(settings.telegram_api_base_url or "https://api.telegram.org")
    async with Bot(settings.telegram_bot_token, base_url=base):
        pass


def build_app(settings: Settings, store: Store | None = None,
              request: BaseRequest | None = None, rate_limit: bool = True,
              one_port: bool = False) -> App:
    """The bot. ``store`` and ``request`` are for tests (a store shared across restarts, a fake
    transport); without a store, the one at ``settings.database`` (DATABASE_URL, else
    DATABASE_PATH) is opened and closed. ``one_port``: webhook mode with the page, both on one
    server (bot/tg/webhook.py): no Updater."""
    builder = (ApplicationBuilder().token(settings.telegram_bot_token).concurrent_updates(True)
               .context_types(CONTEXT_TYPES))
    if settings.telegram_api_base_url:
        base = api_base_url(settings.telegram_api_base_url)
        builder = builder.base_url(base).base_file_url(base.removesuffix("/bot") + "/file/bot")
    if request is not None:
        builder = builder.request(request).get_updates_request(request)
    if rate_limit:
        builder = builder.rate_limiter(AIORateLimiter(  # type: ignore[arg-type]
            overall_max_rate=settings.messages_per_second_ceiling or 0,  # 0: found (budget.py)
            group_max_rate=round(settings.group_messages_per_minute * 60 / settings.flood_minute_seconds),
            max_retries=0))
    owns_store = store is None

    async def post_init(application: App) -> None:
        opened = store if store is not None else await open_configured_store(settings.database)
        runtime = Runtime(settings, opened, application)
        application.bot_data.runtime = runtime
        if written := await results.recover(opened, time.time()):  # issue 18
            log.warning("%d finished matches had not been written: written now", written)
        await register_commands(application)
        await runtime.timers.rearm_all()
        if application.job_queue is not None:  # issue 27: seasons' end posts, now and every minute
            application.job_queue.run_repeating(runtime.season_posts.job, SEASON_CHECK, first=0.0)
            application.job_queue.run_repeating(runtime.desk.job, TOURNAMENT_CHECK, first=0.0)
        if settings.webapp_url:  # the page, on this loop (bot/web/server.py)
            application.bot_data.web = await serve_page(application, runtime, settings)

    async def post_stop(application: App) -> None:
        """Before the HTTP client closes: what is queued gets its few seconds to go out."""
        runtime, served = application.bot_data.runtime, application.bot_data.web
        application.bot_data.web = None
        if served is not None:
            await served.stop()
        if runtime is not None:
            await runtime.close()

    async def post_shutdown(application: App) -> None:
        runtime = application.bot_data.runtime
        if runtime is not None and owns_store:
            await runtime.store.close()

    if one_port:
        builder = builder.updater(None)
    application: App = (builder.post_init(post_init).post_stop(post_stop)
                        .post_shutdown(post_shutdown).build())
    application.bot_data.one_port = one_port
    if application.job_queue is not None:
        late_jobs_run(application.job_queue)
    add_handlers(application)
    return application


def late_jobs_run(queue: JobQueue[Any]) -> None:
    """A job whose moment passed while the event loop was busy runs late, once, instead of
    never: APScheduler skips a run more than a second late ("was missed by"), and a skipped turn
    timer would leave its table to the sweep (LATE seconds on); a start-up that revives many
    tables, or a full garbage collection of a large heap, can hold the loop that long."""
    queue.scheduler.configure(job_defaults={"misfire_grace_time": None, "coalesce": True},
                              **queue.scheduler_configuration)


async def serve_page(application: App, runtime: Runtime, settings: Settings) -> Any:
    """The page's HTTP server on WEBAPP_LISTEN:WEBAPP_PORT (imported only when it is served),
    with the other workers' moves heard on PostgreSQL; in webhook mode, with the webhook's
    route, on WEBHOOK_LISTEN:WEBHOOK_PORT."""
    from ..web.server import Served, Web

    web = Web(runtime, settings.telegram_bot_token)
    await web.hear_others(settings.database)
    address = (settings.webapp_listen, settings.webapp_port)
    if application.bot_data.one_port:
        from .webhook import route
        web.app.add_routes([route(application, settings)])
        address = (settings.webhook_listen, settings.webhook_port)
    served = Served(web.app, web.close)
    await served.start(*address)
    return served


def add_handlers(application: App) -> None:
    application.add_handler(CommandHandler("new", lobby.new))
    application.add_handler(CommandHandler("join", lobby.join))
    application.add_handler(CommandHandler("start", lobby.start))
    application.add_handler(CommandHandler("stop", lobby.stop))
    application.add_handler(CommandHandler("kick", lobby.kick))
    application.add_handler(CommandHandler("help", info.help_))
    application.add_handler(CommandHandler("rules", info.rules))
    application.add_handler(CommandHandler("lang", info.lang))
    application.add_handler(CommandHandler("top", stats.top))  # issue 18: /top, /stats, …
    application.add_handler(CommandHandler("stats", stats.stats))
    application.add_handler(CommandHandler("history", stats.history))
    application.add_handler(CommandHandler("table", stats.table))
    application.add_handler(CommandHandler("score", info.score))
    application.add_handler(CommandHandler("hand", hand.hand))  # issue 43
    application.add_handler(CommandHandler("settings", hand.settings))
    application.add_handler(CommandHandler("timer", info.timer))
    application.add_handler(CommandHandler("season", seasons.season))  # issue 27
    application.add_handler(CommandHandler("timezone", seasons.timezone))
    application.add_handler(CommandHandler("tournament", tournament.tournament))
    # every button through the one entrance, a handler for each kind its table offers here
    # (bot.entrance.buttons); data of none (forged, or from an older version) last, for an alert
    for kind in sorted(kinds(Door.TELEGRAM)):
        application.add_handler(CallbackQueryHandler(on_press, pattern=kind.pattern))
    application.add_handler(CallbackQueryHandler(on_press))
    application.add_handler(ChatMemberHandler(members.my_chat_member,
                                              ChatMemberHandler.MY_CHAT_MEMBER))
    application.add_handler(ChatMemberHandler(members.chat_member,
                                              ChatMemberHandler.CHAT_MEMBER))
    application.add_handler(MessageHandler(filters.StatusUpdate.LEFT_CHAT_MEMBER,
                                           members.member_left))
    application.add_error_handler(on_error)


async def register_commands(application: App) -> None:
    """The command menu per language and scope; a failure here must not stop the bot."""
    scopes = ((BotCommandScopeAllGroupChats(), GROUP_COMMANDS),
              (BotCommandScopeAllPrivateChats(), PRIVATE_COMMANDS))
    try:
        for scope, names in scopes:
            for lang in (None, *LANGUAGES):
                commands = [ephemeral.command(n, i18n.t(lang or "hy", f"command-{n}"),
                                              n in EPHEMERAL_COMMANDS) for n in names]
                await application.bot.set_my_commands(commands, scope=scope, language_code=lang)
    except TelegramError as error:
        log.warning("set_my_commands failed: %s", error)


async def on_error(update: object, context: Context) -> None:
    log.error("error while handling %s", update if isinstance(update, Update) else "",
              exc_info=context.error)


async def open_configured_store(path: str) -> Store:
    """The SQLite store at ``path`` (its folder is created); ":memory:" keeps nothing."""
    return await open_store(path)
