"""Which legal actions a hand keyboard reaches, pressed as a player would.

From the first step of the keyboard, pickers (``p`` buttons) are followed up to ``depth`` presses;
every ``a`` button must be a legal action. Multi-card actions are then chosen by toggling their
cards one by one (``t``) and pressing the confirm button (``c``), as the bot's service builds them
(``kind:c1,c2`` with the cards sorted). ``reachable`` returns the legal actions reached; a view is
complete when that is all of them.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from bot import callbacks
from bot.views import Context, GameView
from engine.cards import parse_card

NAMES = ("Արամ", "Անի", "Գոռ", "Նարե", "Սոնա", "Լևոն", "Մարի", "Դավիթ")


def _buttons(screen: Any) -> Iterator[callbacks.Press]:
    for row in screen.rows:
        for button in row:
            if button.data:
                yield callbacks.decode(button.data)


def reachable(view: GameView, game: Any, state: Any, seat: int, lang: str = "hy",
              depth: int = 3) -> set[Any]:
    legal = game.legal_actions(state, seat)
    actions = set(legal)
    obs = game.observation(state, seat)
    players = len(game.hands(state))

    def hand(pick: str, selection: tuple[str, ...]) -> Any:
        ctx = Context(lang, 7, 3, NAMES[:players], game.name, selection, pick)
        return view.hand(obs, legal, ctx)

    reached: set[Any] = set()
    toggle_steps: set[str] = set()
    frontier, seen = [""], {""}
    for _ in range(depth):
        deeper = []
        for pick in frontier:
            for press in _buttons(hand(pick, ())):
                if press.kind == "a":
                    action = game.parse_action(press.arg)
                    assert action in actions, f"button {press.arg!r} is not a legal action"
                    reached.add(action)
                elif press.kind == "p" and press.arg not in seen:
                    seen.add(press.arg)
                    deeper.append(press.arg)
                elif press.kind == "t":
                    toggle_steps.add(pick)
        frontier = deeper
    for action in actions - reached:
        if any(_toggled(hand, game, pick, action) for pick in toggle_steps):
            reached.add(action)
    return reached


def _toggled(hand: Any, game: Any, pick: str, action: Any) -> bool:
    """Toggle the cards of ``action`` one by one at picker step ``pick``, then confirm."""
    kind, _, cards = str(action).rpartition(":")
    selection: list[str] = []
    for card in cards.split(","):
        presses = {(p.kind, p.arg) for p in _buttons(hand(pick, tuple(selection)))}
        if ("t", "+" + card) not in presses:
            return False
        selection = sorted([*selection, card], key=parse_card)
    for press in _buttons(hand(pick, tuple(selection))):
        if press.kind == "c":
            code = f"{press.arg}:{','.join(selection)}"
            return bool(game.parse_action(code) == action)
    return False
