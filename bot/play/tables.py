"""The table use cases of the running bot, room by room over one kernel: ``lobby``, ``moves`` (a
human's presses in play), ``turns`` (the timers', the computers' and the coach's turns, and
absence), ``admin`` (stop, kick, and the messages' bookkeeping). No Telegram here: errors are
``TableError`` with a locale key, which each door turns into an answer.

Computer players do not move inside a use case: a move that leaves a computer (or an away human's
computer) to act says so (``Outcome.computers``), and the caller asks for a ``Turn`` (the
observation, legal actions and generator of the seat to act), lets the player think off the event
loop and outside the lock, then hands the decision to ``turns.computer_move``, which applies it
only if the table has not moved on meanwhile."""

from __future__ import annotations

from .admin import Admin
from .kernel import Kernel
from .lobby import Lobby
from .moves import Moves
from .turns import Turns


class Tables:
    def __init__(self, kernel: Kernel) -> None:
        self.kernel = kernel
        self.lobby = Lobby(kernel)
        self.moves = Moves(kernel)
        self.turns = Turns(kernel)
        self.admin = Admin(kernel)
