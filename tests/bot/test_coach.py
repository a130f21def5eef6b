"""The coach in the bot (issue 26): the lobby's 💡 option, a hint and a review in the presser's
private chat in hy, en and ru, a hinted human left unrated, and every finished deal of a stored
match replayed move by move, equal to the engine's replay."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot import i18n
from bot.coach import words as coach
from bot.coach.replay import Source, all_deals, deal_frames, frame, read_arg
from bot.social import ratings, results, scores
from bot.social.score_service import ScoreService
from bot.views import Context
from engine import GAME_NAMES, find_game, replay
from engine.cards import parse_card
from engine.coach import advise, review
from engine.core import code_cards
from engine.players import player_for
from storage import SeatRecord, Store, TableKey, TableRecord

from .fake import GROUP, Harness, Sent
from .play import act_once

ARAM, ANI = 101, 102


def normal_match(name: str, seed: int = 4, **rules: Any
                 ) -> tuple[Any, int, list[tuple[int, str]], Any]:
    """A whole match of Normal players: (game, seats, log, final state)."""
    game = find_game(name)
    players = 4
    state = game.new_match(players, seed, **rules)
    rng = random.Random(seed)
    log = []
    while not game.is_over(state):
        seat = min(game.to_act(state))
        action = player_for("normal", name)(game.observation(state, seat),
                                            game.legal_actions(state, seat), rng)
        log.append((seat, str(action)))
        state = game.apply(state, seat, action)
    return game, players, log, state


def stored_table(game: Any, log: list[tuple[int, str]], hinted: bool = False,
                 seed: int = 4) -> TableRecord:
    seats = [SeatRecord(user_id=ARAM, name="Արամ", hinted=hinted),
             SeatRecord(user_id=ANI, name="Անի"), SeatRecord(level="hard"),
             SeatRecord(level="hard")]
    return TableRecord(id=5, key=TableKey(chat_id=GROUP), game=game.name, seats=seats,
                       players=4, seed=seed, log=log, status="finished", rules={"coach": 1})


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.slow) if n == "fifty_six"
                                  else n for n in GAME_NAMES])
async def test_a_stored_match_replays_move_by_move_as_the_engine(store: Store, name: str) -> None:
    game, players, log, final = normal_match(name)
    story = await results.finish(store, game, stored_table(game, log), final, 1.0)
    match = story.match
    engine_state = game.new_match(players, match.seed)
    moves: list[tuple[int, str]] = []
    source = Source("m", match.id or 0, name, players, match.rules, match.seed, match.log,
                    scores.seat_names(match.results, "hy"), len(story.facts.deals), None, True)
    deals = list(all_deals(game, players, match.seed, match.log, match.rules))
    assert [d.number for d in deals] == list(range(1, len(story.facts.deals) + 1))
    assert deal_frames(game, players, match.seed, match.log, match.rules, len(deals)) == deals[-1]
    for number, deal in enumerate(deals, start=1):
        assert len(deal.states) == len(deal.moves) + 1
        for step, state in enumerate(deal.states):
            if step:
                seat, code = deal.moves[step - 1]
                moves.append((seat, code))
                engine_state = game.apply(engine_state, seat, game.parse_action(code))
            assert game.public_observation(state) == game.public_observation(engine_state)
            seat = deal.moves[min(step, len(deal.moves) - 1)][0]  # the seat to move, or the last
            assert game.observation(state, seat) == game.observation(engine_state, seat)
        assert len(game.public_observation(deal.states[-1]).history) == number
        lang = ("hy", "en", "ru")[number % 3]
        ctx = Context(lang, 0, 0, source.names, name)
        last = frame(source, deal, len(deal.moves), ctx)
        assert last.text.startswith("⏯") and [b.text for b in last.rows[0]] == ["⏮", "◀", "▶", "⏭"]
        middle = frame(source, deal, 1, ctx).text
        for seat in range(players):  # once the match is over every hand is face up
            assert source.names[seat] in middle
    assert moves == match.log[:len(moves)]
    checked = replay(game, players, match.seed, moves)
    assert game.public_observation(checked) == game.public_observation(engine_state)


def test_a_replay_during_the_match_shows_the_viewers_hand_only() -> None:
    game, players, log, _ = normal_match("king")
    deal = deal_frames(game, players, 4, log, {}, 1)
    names = ("A", "B", "C", "D")
    mine = Source("t", 1, "king", players, {}, 4, log, names, 1, 2, False)
    text = frame(mine, deal, 5, Context("en", 0, 0, names, "king")).text
    hands = [game.observation(deal.states[5], s).hand for s in range(4)]
    assert " ".join(c.symbol for c in hands[2]) in text
    for seat in (0, 1, 3):
        assert " ".join(c.symbol for c in hands[seat]) not in text
    spectator = Source("t", 1, "king", players, {}, 4, log, names, 1, None, False)
    seen = frame(spectator, deal, 5, Context("en", 0, 0, names, "king")).text
    assert not [s for s in range(4) if " ".join(c.symbol for c in hands[s]) in seen]
    assert read_arg("t1:5") == ("t", 1, 5)
    for bad in ("x1:5", "t:5", "t1:", "t1:-2", "t99999999:1"):
        with pytest.raises(ValueError):
            read_arg(bad)


async def test_a_hinted_human_is_not_rated_and_is_marked(both_stores: Store) -> None:
    game, _, log, final = normal_match("hearts")
    story = await results.finish(both_stores, game, stored_table(game, log, hinted=True), final, 1.0)
    assert story.facts.hinted == [0]
    change = {c.player: c for c in story.changes}
    assert ratings.shown(change["user:101"].after) == ratings.shown(change["user:101"].before)
    assert change["user:102"].after != change["user:102"].before
    names = scores.seat_names(story.match.results, "hy")
    ctx = Context("hy", 5, 0, names, "hearts")
    summary = scores.summary(game.public_observation(final), ctx, story).text
    assert i18n.t("hy", "coach-match-hinted", names=names[0]) in summary
    assert names[0] not in summary.split("📈")[-1].split("\n")[0]
    history = await ScoreService(both_stores).history(GROUP, "en")
    assert "💡" in history.text and any(b.text == "⏯ 1" for row in history.rows for b in row)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_hint_and_review_texts_in_every_language(name: str) -> None:
    game, players, log, _ = normal_match(name)
    deal = deal_frames(game, players, 4, log, {}, 1)
    seat = deal.moves[0][0]
    decisions = [(i, game.observation(deal.states[i], seat),
                  game.legal_actions(deal.states[i], seat), game.parse_action(code))
                 for i, (mover, code) in enumerate(deal.moves) if mover == seat][:6]
    regrets = review(name, decisions, lambda i: random.Random(i))
    assert len(regrets) <= 3 and [r.cost for r in regrets] == sorted(
        (r.cost for r in regrets), reverse=True)
    _, obs, legal, _ = decisions[0]
    advice = advise(name, obs, legal, random.Random(1))
    for lang in ("hy", "en", "ru"):
        ctx = Context(lang, 1, 0, ("A", "B", "C", "D"), name)
        text = coach.hint(advice, ctx).text
        assert coach.action_text(advice.choice, ctx) in text.split("\n")[0]
        assert len(text.split("\n")) >= 2 + min(2, len(advice.ranked) - 1)
        assert "{" not in text and "coach-" not in text
        positions = {i: o for i, o, _, _ in decisions}
        reviewed = coach.review(regrets, 1, ctx, positions).text
        items = [line for line in reviewed.split("\n") if line[:2] in ("1.", "2.", "3.")]
        assert len(items) == len(regrets) and "coach-" not in reviewed
        for regret in regrets:  # the position as the reader saw it: their hand then
            hand = " ".join(c.symbol for c in positions[regret.index].hand)
            assert hand in reviewed
    none = coach.review([], 1, Context("hy", 1, 0, (), name)).text
    assert i18n.t("hy", "coach-review-none") in none


def latest(h: Harness, user: int, starts: str) -> Sent:
    return [m for m in h.fake.chat(user) if m.text.startswith(starts)][-1]


async def test_hint_review_and_replay_in_a_match(store: Store) -> None:
    """The creator turns the coach on; 💡 sends Hard's choice privately and marks the seat; after
    the first deal 🔍 reviews it and the result post's ⏯ replays it in private, edited by ▶."""
    async with Harness(store) as h:
        await h.start_private(ARAM)
        await h.say(ARAM, "/new king")
        lobby = h.table_message()
        await h.press(ARAM, lobby, lobby.button("💡")["callback_data"])
        assert "💡 Հուշումներ՝ այո" in [b["text"] for b in h.table_message().buttons()]
        await h.add_computers(ARAM, 3)
        await h.press(ARAM, h.table_message(), h.table_message().button("▶")["callback_data"])
        hand = h.hand(ARAM)
        while "💡" not in [b["text"][:1] for b in hand.buttons()]:
            assert await act_once(h, ARAM)
            hand = h.hand(ARAM)
        answer = await h.press(ARAM, hand, hand.button("💡")["callback_data"])
        assert not answer.get("show_alert")
        hint = latest(h, ARAM, "💡")
        assert "Բարդ" in hint.text and "1. " in hint.text
        table = await store.tables.seat_of(ARAM)
        assert table is not None and table.seats[0].hinted
        while not [m for m in h.fake.chat(GROUP) if m.buttons() and m.buttons()[0]["text"] == "⏯ 1"]:
            assert await act_once(h, ARAM)
        hand = h.hand(ARAM)
        review_button = next(b for b in hand.buttons() if b["text"].startswith("🔍"))
        await h.press(ARAM, hand, review_button["callback_data"])
        assert latest(h, ARAM, "🔍").text.startswith("🔍 1-ին պարտիա")
        post = next(m for m in h.fake.chat(GROUP) if m.buttons() and m.buttons()[0]["text"] == "⏯ 1")
        await h.press(ARAM, post, post.button("⏯")["callback_data"])
        shown = latest(h, ARAM, "⏯")
        assert "0/" in shown.text.split("\n")[0]
        await h.press(ARAM, shown, shown.button("▶")["callback_data"])
        edited = h.fake.messages[(ARAM, shown.message_id)]
        assert "1/" in edited.text.split("\n")[0]
        hands = edited.text.split("\n\n")[-1].split("\n")  # during the match: the viewer's only
        assert len(hands) == 1 and hands[0].startswith("\u2068User101")


def test_another_seats_pass_stays_hidden_until_the_match_is_over() -> None:
    game, players, log, _ = normal_match("hearts")
    deal = deal_frames(game, players, 4, log, {}, 1)
    mover, code = deal.moves[0]
    assert code.startswith("pass:")
    names = ("A", "B", "C", "D")
    ctx = Context("en", 0, 0, names, "hearts")
    other = Source("t", 1, "hearts", players, {}, 4, log, names, 1, (mover + 1) % 4, False)
    own = Source("t", 1, "hearts", players, {}, 4, log, names, 1, mover, False)
    over = Source("m", 1, "hearts", players, {}, 4, log, names, 1, None, True)
    passed = coach.action_text(game.parse_action(code), ctx)
    assert passed not in frame(other, deal, 1, ctx).text and "🂠" in frame(other, deal, 1, ctx).text
    assert passed in frame(own, deal, 1, ctx).text and passed in frame(over, deal, 1, ctx).text


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_deals_last_card_is_shown_to_every_seat_while_the_match_goes_on(name: str) -> None:
    """The card that ends a deal (the last trick's last, Thirteen's last play) was laid face up:
    its caption names it to every seat and a spectator, though the state after it is already the
    next deal's, while that deal's passes by other seats stay hidden."""
    rules = {"match_games": 3} if name == "thirteen" else {}
    game, players, log, _ = normal_match(name, **rules)
    names = ("A", "B", "C", "D")
    ctx = Context("en", 0, 0, names, name)
    deals = list(all_deals(game, players, 4, log, rules))[:-1]  # the match's last ends it
    assert len(deals) >= 2
    hidden = i18n.t("en", "coach-replay-hidden")
    for deal in deals:
        mover, code = deal.moves[-1]
        played = coach.action_text(game.parse_action(code), ctx)
        for viewer in (None, *range(players)):
            source = Source("t", 1, name, players, rules, 4, log, names, len(deals), viewer, False)
            said = frame(source, deal, len(deal.moves), ctx).text.split("\n\n")[1]
            assert said.endswith(played) and hidden not in said, (deal.number, viewer, said)
            passes = [step for step, (seat, code) in enumerate(deal.moves, 1)
                      if code.startswith("pass:") and seat != viewer]
            assert all(frame(source, deal, step, ctx).text.split("\n\n")[1].endswith(hidden)
                       for step in passes)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_deals_last_frame_shows_its_last_trick(name: str) -> None:
    """The last frame is the deal's result, then its last trick (Thirteen: its last play): the
    cards the deal's last plays laid, in order, as the group's post of the deal says it."""
    rules = {"match_games": 3} if name == "thirteen" else {}
    game, players, log, _ = normal_match(name, **rules)
    names = ("A", "B", "C", "D")
    ctx = Context("en", 0, 0, names, name)
    key = "Last play: " if name == "thirteen" else "The last trick: "
    ended = 0
    for deal in all_deals(game, players, 4, log, rules):
        source = Source("t", 1, name, players, rules, 4, log, names, 1, None, False)
        result = frame(source, deal, len(deal.moves), ctx).text.split("\n\n")[2]
        plays = [code for _, code in deal.moves if code.startswith("play:")]
        if not deal.moves[-1][1].startswith("play:"):  # thrown in (Blot): no card played
            assert key not in result
            continue
        line = result.splitlines()[-1]
        size = 1 if name == "thirteen" else players  # 56 at 4 seats: no team leaves but at the end
        faces = " ".join(parse_card(c).symbol for code in plays[-size:] for c in code_cards(code))
        assert line.startswith(key) and faces in line, (deal.number, line, faces)
        ended += 1
    assert ended >= 1
