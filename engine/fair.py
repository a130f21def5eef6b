"""Fair deals (issue 41): a match's deals that no one can predict and the server cannot bend.

Commit, mix, reveal. When a table starts, the bot draws a secret of 32 random bytes (``secrets``;
any length from 16 bytes, 128 bits, is taken) and shows the group its ``commitment``. The
match is dealt from ``match_seed(secret, entropy)``: the secret mixed with strings the server
could not know when it committed (the ids of the presses that seated and started the table),
recorded with the table. When the match ends the secret is shown; anyone can then run
``python -m engine.fair GAME SECRET ENTROPY…`` (or call ``deals``) to check the commitment and
deal every deal again, without trusting the bot.

The construction, exactly (``hmac`` and ``hashlib`` of any language will do):

- commitment = hex(SHA-256(``b"seghan/commitment/v1\\x00"`` + secret)), 64 lowercase hex digits;
  its short form is the first eight digits in two groups of four (``3fa9 c2b1``). The short
  form checks 32 bits only: a server could make many secrets that share it, so check the full
  commitment.
- message = ``b"seghan/match-seed/v1"`` then, for each entropy string in order, its UTF-8 bytes'
  count as 4 big-endian bytes and those bytes (so no two lists give one message).
- match seed = 2**256 + the integer, big-endian, of HMAC-SHA256(key=secret, message). Bit 256
  marks a fair seed and fixes its size; 256 bits below it come from the secret and entropy.
- Every seed of 2**64 or more is fair (``core.FAIR_SEEDS``): the chance of deal k (k = 0 draws
  the first dealer, k >= 1 shuffles deal k) is Python's ``random.Random(c)`` where c =
  ``core.chance(seed, "deal", k)``: the integer, big-endian, of HMAC-SHA256 keyed by the
  seed's big-endian bytes after their count in 2 big-endian bytes, of ``b"deal"``, a zero byte
  and k in 8 big-endian bytes. Each game then shuffles and deals as for any seed. A seed below
  2**64 (every table before this) deals as it always did: ``random.Random(seed * 1_000_003 + k)``.

- A tournament's tables are seated by the bot, not by presses: the tournament draws one secret
  when it opens and shows its commitment on the sign-up message; the sign-up's presses are the
  entropy of all its tables; each table's secret is ``derived(secret, label)``: HMAC-SHA256
  (key=the tournament's secret, message=``b"seghan/table-secret/v1\x00"`` + the label in
  UTF-8), the label ``round:R/board:B`` (a duplicate round's tables share ``round:R``). A
  table's secret shown at its end tells nothing of another's; the tournament's, shown at its
  end, opens the sign-up's commitment and gives every table's (``--label``).

Knowing one deal (even the whole Mersenne Twister state behind it) gives one HMAC output, which
tells nothing of the other deals' nor of the seed; the seed has 256 bits behind it, beyond any
search. Entropy matters only if the server cannot choose it: the commitment is shown before it
exists.
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import json
import sys
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, Final

from . import find_game
from .core import Game, IllegalAction, Seat, replay_entry

COMMITMENT_TAG: Final = b"seghan/commitment/v1\x00"
MATCH_TAG: Final = b"seghan/match-seed/v1"
DERIVE_TAG: Final = b"seghan/table-secret/v1\x00"
SECRET_BYTES: Final = 32  # what the bot should draw: secrets.token_bytes(SECRET_BYTES)
LEAST_SECRET_BYTES: Final = 16  # 128 bits: less is refused
FAIR_MARK: Final = 1 << 256  # bit 256 of every match seed

Hands = tuple[tuple[str, ...], ...]  # one deal: each seat's card codes


def commitment(secret: bytes) -> str:
    """The hex SHA-256 of the secret under this module's tag: shown before the first card."""
    _check(secret)
    return hashlib.sha256(COMMITMENT_TAG + secret).hexdigest()


def derived(secret: bytes, label: str) -> bytes:
    """A tournament table's secret from the tournament's (see the module's text)."""
    _check(secret)
    return hmac.new(secret, DERIVE_TAG + label.encode("utf-8"), hashlib.sha256).digest()


def short_form(commitment_hex: str) -> str:
    """The commitment as the group's line shows it: '3fa9 c2b1' (after «🔒»)."""
    return f"{commitment_hex[:4]} {commitment_hex[4:8]}"


def match_seed(secret: bytes, entropy: Sequence[str]) -> int:
    """The seed the match is dealt from (``new_match(players, seed)``): see the module's text."""
    _check(secret)
    mac = hmac.new(secret, entropy_message(entropy), hashlib.sha256).digest()
    return FAIR_MARK | int.from_bytes(mac, "big")


def entropy_message(entropy: Sequence[str]) -> bytes:
    """The HMAC's message: the tag, then each string length-prefixed, so ['ab'] and ['a', 'b']
    differ."""
    if isinstance(entropy, str):  # a lone string would be read as one entropy a character
        raise TypeError("entropy: give a sequence of strings, not one string")
    parts = [MATCH_TAG]
    for item in entropy:
        data = item.encode("utf-8")
        parts += [len(data).to_bytes(4, "big"), data]
    return b"".join(parts)


def check(secret: bytes, commitment_hex: str) -> bool:
    """Does ``secret`` open ``commitment_hex``? The full 64 digits, or a prefix of at least 8
    (the short form, spaces ignored), which checks only its own digits."""
    given = "".join(commitment_hex.split()).lower()
    if len(given) < 8:
        raise ValueError("a commitment has at least 8 hex digits")
    return hmac.compare_digest(commitment(secret)[:len(given)], given)


def deals(game: str | Game, players: int, seed: int, count: int, *,
          log: Iterable[tuple[Seat, str]] = (), **rules: Any) -> list[Hands]:
    """Each seat's cards at the start of the first ``count`` deals, as card codes in the order
    the seat's own view shows them. The deals after the first can depend on play (Thirteen's
    loser deals next, 56's beaten seats get no cards): ``log`` is the match's action log, and
    past its end the first legal action of the first seat to act is played. Fewer deals where
    the match ends first. Raises ``IllegalAction`` naming the entry where ``log`` does not
    replay (another seed than the match's)."""
    rules_game = find_game(game) if isinstance(game, str) else game
    return list(_deals(rules_game, players, seed, count, list(log), rules))


def _deals(game: Game, players: int, seed: int, count: int,
           log: Sequence[tuple[Seat, str]], rules: dict[str, Any]) -> Iterator[Hands]:
    state = game.new_match(players, seed, **rules)
    seen, index = 0, 0
    while seen < count and not game.is_over(state):
        number = game.public_observation(state).deal
        if number > seen:  # the first view of a deal: nothing of it played yet
            seen = number
            yield tuple(tuple(str(c) for c in game.observation(state, s).hand)
                        for s in range(players))
            if seen >= count:
                return
        if index < len(log):
            state = replay_entry(game, state, index, *log[index])
            index += 1
        else:  # past the log: any legal play, the first seat's first
            seat = min(game.to_act(state))
            state = game.apply(state, seat, game.legal_actions(state, seat)[0])


def _check(secret: bytes) -> None:
    if not isinstance(secret, bytes | bytearray):
        raise TypeError("the secret is bytes")
    if len(secret) < LEAST_SECRET_BYTES:
        raise ValueError(f"a secret needs at least {LEAST_SECRET_BYTES} bytes (128 bits)")


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m engine.fair``: the commitment, the match seed and the deals, from the secret
    and entropy alone; exit 1 where the secret does not open ``--commitment`` or the log does
    not replay from that seed."""
    args = _parser().parse_args(argv)
    try:
        secret = bytes.fromhex(args.secret)
        opened = commitment(secret)
        if args.commitment is not None and not check(secret, args.commitment):
            print(f"REFUSED: this secret's commitment is {opened}, not {args.commitment}",
                  file=sys.stderr)
            return 1
        log = _read_log(args.log) if args.log else ()
        table_secret = derived(secret, args.label) if args.label else secret
        seed = match_seed(table_secret, args.entropy)
        count = args.deals if args.deals is not None else (10**6 if log else 1)
        hands = deals(args.game, args.players or find_game(args.game).sizes[0], seed, count,
                      log=log, **dict(_rule(r) for r in args.rules))
    except IllegalAction as error:
        print(f"REFUSED: the log does not replay from this secret and entropy: {error}",
              file=sys.stderr)
        return 1
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(_report(args, opened, seed, hands, table_secret))
    return 0


def _report(args: argparse.Namespace, opened: str, seed: int, hands: Sequence[Hands],
            table_secret: bytes) -> str:
    given = "".join((args.commitment or "").split())
    checked = ("" if not given else "  (matches the one given)" if len(given) == len(opened)
               else f"  (matches the {len(given)} digits given: {4 * len(given)} bits only)")
    lines = [f"commitment {opened}  🔒 {short_form(opened)}{checked}"]
    if args.label:
        table = commitment(table_secret)
        lines.append(f"table {args.label}: secret {table_secret.hex()}, commitment {table}"
                     f"  🔒 {short_form(table)}")
    lines += [f"entropy {json.dumps(args.entropy, ensure_ascii=False)}",
             f"match seed {seed:#x}"]
    for number, deal in enumerate(hands, 1):
        lines.append(f"deal {number}")
        lines += [f"  seat {seat}: {' '.join(cards) or '-'}" for seat, cards in enumerate(deal)]
    return "\n".join(lines)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m engine.fair", description="Check a fair match: its commitment, seed "
        "and deals from the revealed secret (hex) and the entropy recorded with the table.")
    parser.add_argument("game")
    parser.add_argument("secret", help="the revealed secret, in hex")
    parser.add_argument("entropy", nargs="*", help="the entropy strings, in their order")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--deals", type=int, default=None,
                        help="deals to print (default 1; with --log every deal it reaches)")
    parser.add_argument("--rules", nargs="*", default=[], metavar="K=V")
    parser.add_argument("--commitment", default=None, help="refuse unless the secret opens it")
    parser.add_argument("--label", default=None,
                        help="a tournament's table (round:R/board:B, a duplicate round's "
                        "round:R): the secret given is the tournament's, the table's is derived")
    parser.add_argument("--log", default=None,
                        help="the match's log: a JSON list of [seat, code], or 'seat code' lines")
    return parser


def _rule(text: str) -> tuple[str, int | str]:
    key, sep, value = text.partition("=")
    if not sep:
        raise ValueError(f"a rule is key=value: {text!r}")
    return key, int(value) if value.lstrip("-").isdigit() else value


def _read_log(path: str) -> list[tuple[Seat, str]]:
    text = Path(path).read_text(encoding="utf-8")
    if text.lstrip().startswith("["):
        return [(int(seat), str(code)) for seat, code in json.loads(text)]
    rows = (line.split() for line in text.splitlines() if line.strip() and line[0] != "#")
    return [(int(row[0]), row[1]) for row in rows]


if __name__ == "__main__":
    sys.exit(main())
