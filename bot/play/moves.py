"""A human's moves at a table in play: an action pressed, a card toggled in or out of a
multi-card choice, a picker's step, the toggled cards confirmed; and their hand read for the
group's "my hand"."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine import find_game
from engine.cards import parse_card
from engine.core import BadCode, cards_code, code_cards, parse
from storage import TableRecord

from .kernel import Kernel, seat_index
from .records import Outcome, TableError
from .turns import give_back

MAX_PICK = 48  # characters of a picker step


class Moves:
    def __init__(self, kernel: Kernel) -> None:
        self.kernel = kernel

    async def act(self, table_id: int, user_id: int, move: int, code: str) -> Outcome:
        """A human pressed an action button drawn at ``move``."""
        async with self.kernel.lock(table_id):
            table, seat, state = await self._seat_to_act(table_id, user_id, move)
            return await self.kernel.apply(table, seat, state, code)

    async def toggle(self, table_id: int, user_id: int, move: int, change: str) -> Outcome:
        """Choose ('+QS') or unchoose ('-QS') a card of a multi-card choice (a Hearts pass, a
        Thirteen combination). The button says which, so a press on a keyboard drawn before the
        last toggle does what its owner saw, not the opposite."""
        async with self.kernel.lock(table_id):
            table, seat, state = await self._seat_to_act(table_id, user_id, move)
            sign, card = change[:1], change[1:]
            game = find_game(table.game)
            if sign not in ("+", "-") or not _card_in(card, game.legal_actions(state, seat)):
                raise TableError("error-bad-button")
            chosen = table.seats[seat].selection
            most = game.most_chosen
            if sign == "+" and card not in chosen and most is not None and len(chosen) >= most:
                raise TableError("error-too-many-cards", count=most)  # a stale keyboard's offer
            if card in chosen and sign == "-":
                chosen.remove(card)
            elif card not in chosen and sign == "+":
                chosen.append(card)
            chosen.sort(key=parse_card)
            return Outcome(await self.kernel.save_keeping_state(table), state, state)

    async def pick(self, table_id: int, user_id: int, move: int, step: str) -> Outcome:
        """Go to a step of a picker in the hand (a bid's level, then its suit). The view decides
        what a step shows and starts again at an unknown one, so only its size is checked."""
        async with self.kernel.lock(table_id):
            table, seat, state = await self._seat_to_act(table_id, user_id, move)
            if len(step) > MAX_PICK or not step.isascii():
                raise TableError("error-bad-button")
            table.seats[seat].pick = step
            return Outcome(await self.kernel.save_keeping_state(table), state, state)

    async def confirm(self, table_id: int, user_id: int, move: int, kind: str) -> Outcome:
        """Play the toggled cards as ``kind:c1,c2,…``; the engine judges the combination."""
        async with self.kernel.lock(table_id):
            table, seat, state = await self._seat_to_act(table_id, user_id, move)
            chosen = table.seats[seat].selection
            code = cards_code(kind, chosen)
            try:
                code = str(parse(find_game(table.game), code))  # the log keeps canonical codes
            except BadCode as error:
                raise TableError("error-choose-cards") from error
            return await self.kernel.apply(table, seat, state, code)

    async def hand(self, table_id: int, user_id: int) -> tuple[TableRecord, int, Any]:
        """(table, seat, state) for the "my hand" button."""
        async with self.kernel.lock(table_id):
            table = await self.kernel.load(table_id)
            seat = seat_index(table, user_id)
            if table.status != "playing":
                raise TableError("error-table-over")
            table = await give_back(self.kernel, table, seat)
            return table, seat, self.kernel.state_of(table)

    async def _seat_to_act(self, table_id: int, user_id: int,
                           move: int) -> tuple[TableRecord, int, Any]:
        table = await self.kernel.load(table_id)
        seat = seat_index(table, user_id)
        if table.status != "playing":
            raise TableError("error-table-over")
        table = await give_back(self.kernel, table, seat)
        if move > len(table.log) or any(s == seat for s, _ in table.log[move:]):
            raise TableError("error-stale")
        state = self.kernel.state_of(table)
        if seat not in find_game(table.game).to_act(state):
            raise TableError("illegal-not-your-turn")
        return table, seat, state


def _card_in(card: str, legal: Sequence[Any]) -> bool:
    """Whether a card code appears in some legal action ('pass:2C,3C,4C' has 2C, 3C and 4C);
    stops at the first, as Hearts offers 286 passes."""
    return any(card in code_cards(str(action)) for action in legal)
