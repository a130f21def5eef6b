"""Play a game in the terminal against computer players: ``python -m engine.play hearts``.

Type an action by its number, its code (``play:QS``), or just its cards (``QS``; ``2C 3C 4C`` for a
pass or a combination). ``?`` lists the legal actions again, ``q`` quits.

``python -m engine.play --load FILE_OR_TEXT`` (``-``: standard input) replays a pasted deal
(``engine/paste.py``) move by move and checks that it ends with the paste's result.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from . import GAME_NAMES, find_game
from .core import Game, IllegalAction, replay_entry
from .paste import Paste, loads, replay
from .players import DEFAULT_LEVEL, LEVEL_NAMES, player_for

LIST_LIMIT = 40  # longer lists (Hearts' 286 passes) are not printed in full


def main(argv: Sequence[str] | None = None, read: Callable[[str], str] = input) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.play", description=__doc__)
    parser.add_argument("game", choices=GAME_NAMES, nargs="?")
    parser.add_argument("--load", default=None, metavar="FILE_OR_TEXT",
                        help="replay a pasted deal: its file, its text, or - for stdin")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--seat", type=int, default=0, help="your seat")
    parser.add_argument("--level", default=DEFAULT_LEVEL,
                        help="computer level: " + ", ".join(LEVEL_NAMES))
    args = parser.parse_args(argv)
    if args.load is not None:
        return show_paste(_read_source(args.load))
    if args.game is None:
        parser.error("name a game to play, or --load a pasted deal")
    game = find_game(args.game)
    players = args.players or game.sizes[0]
    if players not in game.sizes:
        parser.error(f"{args.game} is played by {', '.join(map(str, game.sizes))} players")
    seed = args.seed if args.seed is not None else random.randrange(1 << 31)
    print(f"{args.game}, seed {seed}; you are seat {args.seat}. '?' lists moves, 'q' quits.")
    try:
        final = _loop(game, game.new_match(players, seed), args.seat, args.level, seed, read)
    except (EOFError, KeyboardInterrupt):
        print("\nbye")
        return 0
    if final is None:
        return 0
    print(game.describe(game.observation(final, args.seat)))  # type: ignore[attr-defined]
    print("Match over. Scores:", game.scores(final), "places:", game.rankings(final))
    return 0


def show_paste(text: str) -> int:
    """Print a pasted deal: its seats and hands, every move, its result; 1 where it does not
    read or does not replay to the result it names."""
    try:
        paste = loads(text)
        replay(paste)
    except (ValueError, IllegalAction) as error:
        print(f"cannot replay this deal: {error}", file=sys.stderr)
        return 1
    _print_paste(paste)
    return 0


def _print_paste(paste: Paste) -> None:
    game = find_game(paste.game)
    print(f"{paste.game}, deal {paste.number} ({', '.join(f'{k}={v}' for k, v in paste.rules.items())}); "
          f"standings before: {' '.join(map(str, paste.before))}")
    for seat, (name, hand) in enumerate(zip(paste.seats, paste.hands, strict=True)):
        print(f"  {seat} {name}: {' '.join(hand) or '-'}")
    state = game.new_match(paste.players, 0, deal=[" ".join(h) for h in paste.hands],
                           **paste.rules)
    for index, (seat, code) in enumerate(paste.log):
        state = replay_entry(game, state, index, seat, code)
        print(f"  {paste.seats[seat]}: {code}")
    if paste.result is None:
        print("The paste ends before the deal does.")
    else:
        print(f"Deal {paste.number} over: {paste.result}")


def _read_source(source: str) -> str:
    """A pasted deal from a file, stdin (``-``), or the argument itself."""
    if source == "-":
        return sys.stdin.read()
    if "\n" not in source and len(source) < 1024 and Path(source).is_file():
        return Path(source).read_text(encoding="utf-8")
    return source


def _loop(game: Game, state: Any, me: int, level: str, seed: int,
          read: Callable[[str], str]) -> Any:
    rng = random.Random(seed ^ 0x5E6A)
    computer = player_for(level, game.name)
    shown_deals = 0
    while not game.is_over(state):
        shown_deals = _report_deals(game, state, me, shown_deals)
        acting = sorted(game.to_act(state))
        seat = me if me in acting else acting[0]
        legal = game.legal_actions(state, seat)
        if seat != me:
            action = computer(game.observation(state, seat), legal, rng)
            print(f"  seat {seat}: {action}")
            state = game.apply(state, seat, action)
            continue
        print()
        print(game.describe(game.observation(state, me)))  # type: ignore[attr-defined]
        action = _ask(game, legal, read)
        if action is None:
            return None
        state = game.apply(state, me, action)
    _report_deals(game, state, me, shown_deals)
    return state


def _report_deals(game: Game, state: Any, me: int, shown: int) -> int:
    history = game.public_observation(state).history
    for record in history[shown:]:
        print(f"Deal {record.number} over: {record.results}  "
              f"match: {record.standings.values}")
    return len(history)


def _ask(game: Game, legal: Sequence[Any], read: Callable[[str], str]) -> Any:
    _list(legal)
    while True:
        text = read("your move> ").strip()
        if text.lower() in ("q", "quit", "exit"):
            return None
        if text in ("?", ""):
            _list(legal, full=True)
            continue
        action = _parse(game, legal, text)
        if action is not None:
            return action
        print(f"'{text}' is not a legal move here. Type a number, a code like {legal[0]}, or '?'.")


def _parse(game: Game, legal: Sequence[Any], text: str) -> Any:
    if text.isdigit():
        index = int(text) - 1
        return legal[index] if 0 <= index < len(legal) else None
    kinds = {str(a).partition(":")[0] for a in legal}
    cards = ",".join(text.replace(",", " ").split())
    for code in (text, *(f"{kind}:{cards}" for kind in sorted(kinds))):
        try:
            action = game.parse_action(code)
        except (ValueError, IllegalAction, KeyError, IndexError):
            continue
        if action in legal:
            return action
    return None


def _list(legal: Sequence[Any], full: bool = False) -> None:
    if len(legal) > LIST_LIMIT and not full:
        kinds = sorted({str(a).partition(":")[0] for a in legal})
        print(f"{len(legal)} legal moves ({', '.join(kinds)}): type the cards, e.g. {legal[0]}")
        return
    print("Legal: " + "  ".join(f"{i + 1}) {a}" for i, a in enumerate(legal)))


if __name__ == "__main__":
    sys.exit(main())
