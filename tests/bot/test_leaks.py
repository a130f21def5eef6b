"""Leak audit: over whole simulated matches of every game, every screen and post the bot sends (to
the group and to each player, text and buttons) is checked against the hands hidden from its
reader in the very state it was drawn from: a card face shown that only hidden hands hold is a
leak. Counted per copy (56 has two of each card: a face one copy of which the reader may see
proves nothing), with the cards the rules show (Blot's combinations) and those a seat knows by
right (the cards it passed in Hearts) allowed."""

from __future__ import annotations

import contextvars
import dataclasses
import random
import re
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.publishing.publisher import Publishing
from bot.runtime import Runtime
from bot.sending.queue import Sender, Target
from bot.views import Screen
from engine import GAME_NAMES, find_game
from engine.cards import Card, parse_card
from engine.core import code_cards
from storage.memory.store import MemoryStore

from .fake import GROUP, Harness
from .fake_ephemeral import press_ephemeral

pytestmark = pytest.mark.slow  # over ~5 s (see pyproject.toml's markers)

FACE = re.compile(r"(?<![0-9])(?:10|[2-9JQKA])[♠♥♦♣]")
SUITS = "♠♥♦♣"
drawn_from: contextvars.ContextVar[tuple[str, Any] | None] = contextvars.ContextVar("drawn", default=None)
# The faces a post may show though the state it is drawn from has them in hidden hands: a
# finished deal's post names its last trick, played face up, and the next deal is dealt since.
closing: contextvars.ContextVar[Counter[str] | None] = contextvars.ContextVar("closing", default=None)


def faces(screen: Screen | str) -> Counter[str]:
    """Card faces a screen shows: '10♠' tokens, suit lines ('♠ A 10 7'), button labels."""
    texts = [screen] if isinstance(screen, str) else [screen.text] + [
        b.text for row in screen.rows for b in row]
    shown: Counter[str] = Counter()
    for text in texts:
        for line in text.splitlines():
            if line[:1] in SUITS and len(line) > 2 and line[1] == " ":
                shown.update(rank + line[0] for rank in line[2:].split() if FACE.fullmatch(rank + line[0]))
            else:
                shown.update(FACE.findall(line))
    return shown


def cards_in(value: Any) -> list[Card]:
    if isinstance(value, Card):
        return [value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [c for f in dataclasses.fields(value) for c in cards_in(getattr(value, f.name))]
    if isinstance(value, dict):
        return [c for k, v in value.items() for c in cards_in(k) + cards_in(v)]
    if isinstance(value, (list, tuple, set, frozenset)):
        return [c for item in value for c in cards_in(item)]
    return []


def leaked(game_name: str, state: Any, reader: int | None, shown: Counter[str],
           played: Counter[str] | None = None) -> list[str]:
    """Faces shown to ``reader`` (None: the group) every copy of which is in hands hidden from it,
    but for those ``played`` from them (face up) by the move made in ``state``."""
    game = find_game(game_name)
    hands = game.hands(state)
    hidden = Counter(Card(c).symbol for seat, hand in enumerate(hands) if seat != reader
                     for c in hand) - (played or Counter())
    copies = Counter(Card(c).symbol for c in game.deck_of(state))
    public = game.public_observation(state)
    allowed = {c.symbol for f in getattr(game, "revealed_fields", ()) for c in cards_in(getattr(public, f))}
    if (last := getattr(public, "last_deal", None)) is not None:  # the deal just ended: its last
        allowed |= {c.symbol for c in cards_in(last.last_trick)}  # trick was played face up
    if reader is not None:
        obs = game.observation(state, reader)
        allowed |= {c.symbol for f in getattr(game, "private_fields", ()) for c in cards_in(getattr(obs, f))}
    return sorted(f for f in shown if hidden[f] and hidden[f] == copies[f] and f not in allowed)


def played(deal: Any, step: int, game_name: str) -> Counter[str]:
    """The faces the step's move laid on the table, told by the hands: those it took out of all of
    them (a Hearts pass only moves cards between hands: none). After a deal's last move the
    hands are the next deal's; that move is a play by the rules of the five (the last trick's last
    card, Thirteen's play that empties a hand), its cards face up."""
    seat, code = deal.moves[step - 1]
    if step == len(deal.moves):
        cards = [c for c in code_cards(code) if c]
        assert not cards or code.startswith("play:"), f"{game_name}: a deal ends on {code}"
        return Counter(parse_card(c).symbol for c in cards)
    game = find_game(game_name)
    before, after = (Counter(Card(c).symbol for hand in game.hands(deal.states[at]) for c in hand)
                     for at in (step - 1, step))
    return before - after


def frame_leaks(game_name: str, deal: Any, step: int, reader: int | None, board: Counter[str],
                 said: Counter[str]) -> list[str]:
    """A replay's frame checked against the states of its step: the caption (``said``) against
    the state its move was made in, the cards that move played public; the board against the
    state it draws, but for the deal's last step, whose state is the next deal's: the board
    (the deal's result) against the one its last move was made in, as the caption."""
    if not step:
        return leaked(game_name, deal.states[0], reader, board + said)
    made_in, last = deal.states[step - 1], step == len(deal.moves)
    laid = played(deal, step, game_name)
    return sorted({*leaked(game_name, made_in, reader, said + (board if last else Counter()), laid),
                   *([] if last else leaked(game_name, deal.states[step], reader, board))})


class Audit:
    """Runtime.publish and friends note the state they draw from; Sender.show/post check each
    screen against it before it is queued."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.screens = 0
        self.leaks: list[str] = []
        monkeypatch.setattr(Runtime, "publish", self._noting(Runtime.publish))
        for name in ("hand", "redraw_hand"):
            monkeypatch.setattr(Publishing, name, self._noting(getattr(Publishing, name)))
        original_outbox = Publishing._post_outbox

        async def post_outbox(runtime: Publishing, table: Any, state: Any, ctx: Any) -> Any:
            token = drawn_from.set((table.game, state))
            laid = closing.set(last_tricks(table, state))
            try:
                return await original_outbox(runtime, table, state, ctx)
            finally:
                drawn_from.reset(token)
                closing.reset(laid)
        monkeypatch.setattr(Publishing, "_post_outbox", post_outbox)
        show, post = Sender.show, Sender.post

        def checked_show(sender: Sender, target: Target, screen: Screen, *args: Any, **kw: Any) -> None:
            self.check(target.seat, screen)
            show(sender, target, screen, *args, **kw)

        def checked_post(sender: Sender, chat: int, thread: int, text: Any, *args: Any, **kw: Any) -> None:
            self.check(None, text)
            post(sender, chat, thread, text, *args, **kw)
        monkeypatch.setattr(Sender, "show", checked_show)
        monkeypatch.setattr(Sender, "post", checked_post)

    @staticmethod
    def _noting(method: Any) -> Any:
        async def noted(runtime: Runtime, outcome: Any, *args: Any, **kwargs: Any) -> Any:
            state = getattr(outcome, "state", None)
            token = drawn_from.set((outcome.table.game, state) if state is not None else None)
            try:
                return await method(runtime, outcome, *args, **kwargs)
            finally:
                drawn_from.reset(token)
        return noted

    def check(self, reader: int | None, screen: Any) -> None:
        drawn = drawn_from.get()
        if drawn is None:
            return  # a lobby or a closed table: no hands
        self.screens += 1
        bad = leaked(drawn[0], drawn[1], reader, faces(screen), closing.get())
        if bad:
            self.leaks.append(f"{'group' if reader is None else f'seat {reader}'} shown {bad}: "
                              f"{screen if isinstance(screen, str) else screen.text}"[:300])


def last_tricks(table: Any, state: Any) -> Counter[str]:
    """The faces of the last tricks of the deals whose posts ``table``'s outbox owes."""
    history = find_game(table.game).public_observation(state).history
    numbers = [int(event.partition(":")[2]) for event in table.outbox if event.startswith("deal:")]
    return Counter(c.symbol for n in numbers for c in cards_in(history[n - 1].last_trick))


def choose(h: Harness, user: int, rng: random.Random, hand: Any = None) -> str | None:
    """What a human presses: an action, else toggles then confirm, else a picker's step (at
    random: a picker's pages lead back to each other, and a fixed choice could go round)."""
    hand = hand or h.hand(user)
    buttons = [b for b in hand.buttons() if "callback_data" in b]
    data = [b["callback_data"] for b in buttons]
    plays = [d for d in data if d.startswith("a|")]
    if plays:
        return rng.choice(plays)
    toggles = [d for d in data if d.startswith("t|")]
    chosen = [b["callback_data"] for b in buttons if b["text"].startswith("✅")]
    confirm = [d for d in data if d.startswith("c|")]
    if toggles:
        return confirm[0] if len(chosen) >= 3 and confirm else next(d for d in toggles if d not in chosen)
    steps = [d for d in data if d.startswith("p|")]
    return rng.choice(steps) if steps else None


async def play_out(h: Harness, users: list[int], rng: random.Random,
                   between: Callable[[Any], Awaitable[None]] | None = None) -> None:
    """The humans press what their hands offer (``choose``) until the match is over;
    ``between``: run with the table before each round of their presses."""
    for _ in range(3000):
        table = await h.runtime.store.tables.seat_of(users[0])
        if table is None or table.status != "playing":
            return
        if between is not None:
            await between(table)
        for user in users:
            data = choose(h, user, rng)
            if data is not None:
                await h.press(user, h.hand(user), data)
    raise AssertionError("the match did not end")


# Every game at each of its sizes, four seats first, the k-th size with seed k. Two humans at
# most: every private chat is audited all the same, and each human at a table redraws every hand
# (4 humans at Blot to 151 took minutes).
CASES = [(name, 2, size - 2, seed) for name in GAME_NAMES
         for seed, size in enumerate(sorted(find_game(name).sizes, key=lambda s: (s != 4, s)), 1)]
# 56 at 6 tables a team (🪙): the same kinds of screens, a team still runs out and leaves, in
# half the time of 12
OPTIONS = {"fifty_six": ("🪙",)}


@pytest.mark.parametrize(("game", "humans", "computers", "seed"), CASES)
async def test_no_message_shows_a_hidden_card(monkeypatch: pytest.MonkeyPatch, game: str,
                                              humans: int, computers: int, seed: int) -> None:
    audit = Audit(monkeypatch)
    rng = random.Random(seed)
    users = list(range(101, 101 + humans))
    async with Harness(MemoryStore(), table_seed=seed) as h:  # type: ignore[arg-type]
        await h.open_table(game, users, computers, level="Միջին", options=OPTIONS.get(game, ()))
        await play_out(h, users, rng)
        assert any("🏆" in m.text for m in h.fake.chat(GROUP))
    assert audit.screens > 50
    assert not audit.leaks, audit.leaks[:3]


# ----- the coach (issue 26): hints, reviews and replays during a match

async def test_hints_reviews_and_replays_show_nothing_hidden(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the coach on, a human takes a hint at every turn, and after each deal asks for its
    review and replays it (every step) while the match goes on: a hint shows only cards of the
    reader's hand, a review only cards the reader held or saw played in that deal, and a
    replay's frame nothing hidden from the reader (``frame_leaks``: its caption judged in the
    state its move was made in, the cards that move played public; no hand face up before the
    end)."""
    from bot.coach.replay import caption, clamp
    from bot.entrance import buttons

    frames: list[str] = []
    original = buttons.frame

    def audited(source: Any, deal: Any, step: int, ctx: Any, *page: Any) -> Screen:
        screen = original(source, deal, step, ctx, *page)
        step = clamp(deal, step)
        if source.face_up:
            frames.append(f"a hand face up during the match: {screen.text[:200]}")
        said = caption(source, deal, step, ctx)
        board = screen.text.replace(f"\n\n{said}\n\n", "\n\n", 1)
        assert board != screen.text, "the frame's caption not found"
        shown = faces(board) + faces(Screen(rows=screen.rows))  # the board's words and buttons
        bad = frame_leaks(source.game, deal, step, source.seat, shown, faces(said))
        frames.extend(f"{source.game} deal {deal.number} step {step}/{len(deal.moves)}: {f}"
                      for f in bad)
        return screen
    monkeypatch.setattr(buttons, "frame", audited)
    for game_name in GAME_NAMES:
        async with Harness(MemoryStore(), table_seed=3) as h:  # type: ignore[arg-type]
            await _coached_deals(h, game_name, frames)
            sent = [m.text[:1] for m in h.fake.chat(101)]
            assert "💡" in sent and "⏯" in sent, game_name
    assert not frames, frames[:3]


async def _coached_deals(h: Harness, game_name: str, problems: list[str], deals: int = 2) -> None:
    user = 101
    await h.start_private(user)
    await h.start_private(WATCHER)
    await h.say(user, f"/new {game_name}")
    await h.press(user, h.table_message(), h.table_message().button("💡")["callback_data"])
    if game_name == "thirteen":  # three games, so that the first is replayed while the match goes on
        await h.press(user, h.table_message(), h.table_message().button("🎮")["callback_data"])
    await h.add_computers(user, 3)
    await h.press(user, h.table_message(), h.table_message().button("▶")["callback_data"])
    game, rng, reviewed = find_game(game_name), random.Random(3), 0
    for _ in range(600):
        table = await h.runtime.store.tables.seat_of(user)
        if table is None:  # the match is over (Thirteen's single game): nothing more to hide
            return
        state = h.runtime.tables.kernel.state_of(table)
        done = len(game.public_observation(state).history)
        if done >= deals:
            return
        hand = h.fake.messages[(user, table.seats[0].hand_message_id or 0)]
        labels = {b["text"]: b["callback_data"] for b in hand.buttons() if "callback_data" in b}
        if done > reviewed:
            reviewed = done
            await h.press(user, hand, next(d for t, d in labels.items() if t.startswith("🔍")))
            held = Counter(c.symbol for s in _deal_states(table, done)  # or seen played
                           for c in [*game.observation(s, 0).hand,
                                     *cards_in(game.public_observation(s))])
            problems += [f"review shows {f}" for f in faces(_newest(h, user, "🔍")) if not held[f]]
            post = [m for m in h.fake.chat(GROUP) if m.buttons()
                    and m.buttons()[0]["text"] == f"⏯ {done}"][-1]
            for viewer in (user, WATCHER):  # the player, and a member of the group not seated
                await _replayed_to_the_end(h, viewer, post)
            continue
        if "💡 Հուշում" in labels:
            mine = Counter(c.symbol for c in game.observation(state, 0).hand)
            await h.press(user, hand, labels["💡 Հուշում"])
            problems += [f"hint shows {f}" for f in faces(_newest(h, user, "💡")) if not mine[f]]
        data = choose(h, user, rng, hand)
        if data is not None:
            await h.press(user, hand, data)
    raise AssertionError("the deals did not end")


async def _replayed_to_the_end(h: Harness, viewer: int, post: Any) -> None:
    """The deal of a result post's ⏯ replayed in the viewer's private chat, ▶ to its last step."""
    await h.press(viewer, post, post.button("⏯")["callback_data"])
    replay = [m for m in h.fake.chat(viewer) if m.text.startswith("⏯")][-1]
    while (at := STEP.search(replay.text.split("\n")[0])) and at[1] != at[2]:
        await h.press(viewer, replay, replay.button("▶")["callback_data"])
        replay = h.fake.messages[(viewer, replay.message_id)]


WATCHER = 301
STEP = re.compile(r"(\d+)/(\d+)$")


def _newest(h: Harness, user: int, starts: str) -> str:
    return [m for m in h.fake.chat(user) if m.text.startswith(starts)][-1].text


def _deal_states(table: Any, number: int) -> tuple[Any, ...]:
    from bot.coach.replay import deal_frames
    game = find_game(table.game)
    return deal_frames(game, table.players, table.seed, table.log, table.rules, number).states


# ----- fair tables (issue 41): the commitment before the first card, the secret only after

async def test_a_fair_tables_secret_shows_only_once_its_match_is_over(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Two humans and two computers play a fair Hearts match to 50, pressing 🔒, 👀 and 📋 at
    every deal: no message, edit or alert has the secret (nor half of it) before the match's
    result, which reveals it; no card hidden from its reader shows either (``Audit``)."""
    audit = Audit(monkeypatch)
    users, rng = [101, 102], random.Random(41)
    async with Harness(MemoryStore(), table_seed=None) as h:  # type: ignore[arg-type]
        await h.open_table("hearts", users, 2, options=("🎯",))
        table = await h.runtime.store.tables.seat_of(users[0])
        assert table is not None and table.secret
        halves = (table.secret[:16].hex(), table.secret[16:].hex())

        async def group_buttons(now: Any) -> None:
            if len(now.log) % 13 == 0:  # now and then, the group's buttons as anyone would
                group = h.table_message()
                for label in ("🔒", "👀", "📋"):
                    await h.press(users[1], group, group.button(label)["callback_data"])
        await play_out(h, users, rng, group_buttons)
    said = [str(params) for _, params in h.fake.calls]
    result = next(i for i, text in enumerate(said) if "🏆" in text)
    assert not [text for text in said[:result] if any(half in text for half in halves)]
    assert any(table.secret.hex() in text for text in said[result:]), "revealed at the end"
    assert audit.screens > 50 and not audit.leaks, audit.leaks[:3]


# ----- issue 43: a hand as an ephemeral message in the group


async def test_no_ephemeral_hand_shows_a_hidden_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Hearts match, one human in private and one who never opened the bot (their hand an
    ephemeral message in the group): every screen audited as it is queued, whichever its place;
    every ephemeral message went to that seat's own person, and nothing of a hand to the group."""
    audit = Audit(monkeypatch)
    rng = random.Random(43)
    async with Harness(MemoryStore()) as h:  # type: ignore[arg-type]
        await h.start_private(101)
        await h.say(101, "/new hearts")
        await h.press(102, h.table_message(), h.table_message().button("Միանալ")["callback_data"])
        await h.add_computers(101, 2)
        await h.press(101, h.table_message(), h.table_message().button("▶")["callback_data"])
        for _ in range(3000):
            table = await h.runtime.store.tables.seat_of(101)
            if table is None or table.status != "playing":
                break
            assert await h.runtime.store.tables.seat_of(102) is not None
            if (data := choose(h, 101, rng)) is not None:
                await h.press(101, h.hand(101), data)
            mine = [m for m in h.fake.ephemeral_of(GROUP, 102) if "🃏" in m.text]
            if mine and (data := choose(h, 102, rng, mine[-1])) is not None:
                await press_ephemeral(h, 102, mine[-1], data)
        else:
            raise AssertionError("the match did not end")
        assert {receiver for (_, receiver, _) in h.fake.ephemeral} <= {102}
        assert not [m for m in h.fake.chat(102)], "nothing private for one who never opened it"
    assert audit.screens > 50
    assert not audit.leaks, audit.leaks[:3]
