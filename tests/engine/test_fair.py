"""Fair deals (issue 41, ``engine/fair.py``): the construction as its docstring states it, the
older seeds untouched, a seat's cards telling nothing of the next deal, the checker's CLI."""

from __future__ import annotations

import hashlib
import hmac
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import GAME_NAMES, find_game
from engine.core import FAIR_SEEDS, deal_rng, match_rng
from engine.fair import commitment, deals, derived, entropy_message, main, match_seed, short_form

from . import test_invariants

SECRET = bytes(range(32))
ENTROPY = ["cb1", "cb2"]


def _hmac_int(key: bytes, message: bytes) -> int:
    return int.from_bytes(hmac.new(key, message, hashlib.sha256).digest(), "big")


def _lengthed(seed: int) -> bytes:
    raw = seed.to_bytes((seed.bit_length() + 7) // 8, "big")
    return len(raw).to_bytes(2, "big") + raw


# --- the construction, re-implemented from the module's docstring -------------------------------

def test_commitment_is_the_tagged_sha256_and_its_short_form_its_first_eight_digits() -> None:
    full = hashlib.sha256(b"seghan/commitment/v1\x00" + SECRET).hexdigest()
    assert commitment(SECRET) == full
    assert short_form(full) == f"{full[:4]} {full[4:8]}"


def test_a_tournament_tables_secret_is_the_tagged_hmac_of_its_label() -> None:
    label = "round:2/board:3"
    mac = hmac.new(SECRET, b"seghan/table-secret/v1\x00" + label.encode(), hashlib.sha256)
    assert derived(SECRET, label) == mac.digest() and len(derived(SECRET, label)) == 32
    assert derived(SECRET, "round:2") != derived(SECRET, label) != derived(SECRET, "round:2/board:2")


def test_match_seed_is_the_marked_hmac_of_the_length_prefixed_entropy() -> None:
    message = b"seghan/match-seed/v1" + b"\x00\x00\x00\x03cb1" + b"\x00\x00\x00\x03cb2"
    assert entropy_message(ENTROPY) == message
    assert match_seed(SECRET, ENTROPY) == (1 << 256) + _hmac_int(SECRET, message)


def test_a_fair_seeds_deal_generator_is_seeded_by_the_documented_hmac() -> None:
    seed = match_seed(SECRET, ENTROPY)
    for k in (0, 1, 7):
        expected = random.Random(_hmac_int(_lengthed(seed), b"deal\x00" + k.to_bytes(8, "big")))
        assert deal_rng(seed, k).getstate() == expected.getstate()
    other = random.Random(_hmac_int(_lengthed(seed), b"start-of-play\x00" + bytes(8)))
    assert match_rng(seed, "start-of-play").getstate() == other.getstate()


def test_older_seeds_deal_exactly_as_before() -> None:
    for seed in (0, 7, 2024, -5, FAIR_SEEDS - 1):
        for k in (0, 1, 12):
            assert deal_rng(seed, k).getstate() == random.Random(seed * 1_000_003 + k).getstate()
        assert match_rng(seed, "start-of-play").getstate() == random.Random(seed).getstate()
    assert deal_rng(FAIR_SEEDS, 1).getstate() != random.Random(FAIR_SEEDS * 1_000_003 + 1).getstate()


# --- the secret: at least 128 bits, every one of them counted -----------------------------------

def test_a_secret_under_128_bits_is_refused() -> None:
    with pytest.raises(ValueError, match="128 bits"):
        match_seed(bytes(15), ENTROPY)
    with pytest.raises(ValueError, match="128 bits"):
        commitment(bytes(15))
    with pytest.raises(TypeError):
        match_seed(SECRET.hex(), ENTROPY)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        match_seed(SECRET, "cb1")


def test_every_bit_of_a_128_bit_secret_moves_the_seed() -> None:
    secret = bytes(16)
    seeds = {match_seed(secret, ENTROPY)}
    for bit in range(128):
        flipped = int.from_bytes(secret, "big") ^ (1 << bit)
        seeds.add(match_seed(flipped.to_bytes(16, "big"), ENTROPY))
    assert len(seeds) == 129
    assert all(seed >> 256 == 1 and seed >= FAIR_SEEDS for seed in seeds)


def test_entropy_lists_that_join_alike_give_other_seeds() -> None:
    seeds = {match_seed(SECRET, e) for e in (["ab"], ["a", "b"], ["a", "b", ""], [], ["ba"])}
    assert len(seeds) == 5


@pytest.mark.parametrize("name", GAME_NAMES)
def test_two_secrets_or_two_entropies_give_other_deals(name: str) -> None:
    """Two tables started at the same moment by the same presses (the same entropy) have their
    own secrets: other deals. One secret with other entropy: other deals too."""
    size = find_game(name).sizes[0]
    first = deals(name, size, match_seed(SECRET, ENTROPY), 2)
    assert deals(name, size, match_seed(SECRET, ENTROPY), 2) == first
    assert deals(name, size, match_seed(bytes(32), ENTROPY), 2)[0] != first[0]
    assert deals(name, size, match_seed(SECRET, ["cb1", "cb3"]), 2)[0] != first[0]


@settings(max_examples=25, deadline=None)
@given(st.binary(min_size=16, max_size=32), st.data())
def test_a_secret_changed_in_any_one_byte_deals_otherwise(secret: bytes, data: st.DataObject) -> None:
    """Found by a search of the seeds a seat's cards allow, a secret short of the full one (48
    bits, as tables had) would deal as the full one: here no byte may be left out."""
    index = data.draw(st.integers(0, len(secret) - 1))
    change = data.draw(st.integers(1, 255))
    other = secret[:index] + bytes([secret[index] ^ change]) + secret[index + 1:]
    assert deals("king", 4, match_seed(secret, ENTROPY), 1) != \
        deals("king", 4, match_seed(other, ENTROPY), 1)


@settings(max_examples=30, deadline=None)
@given(st.binary(min_size=16, max_size=32), st.binary(min_size=16, max_size=32),
       st.lists(st.text(max_size=12), max_size=3), st.sampled_from(["hearts", "king"]))
def test_the_cards_of_one_deal_do_not_determine_the_next(
        a: bytes, b: bytes, entropy: list[str], name: str) -> None:
    """Two matches whose first deals are the very same cards (every seat's, so seat 0's own
    too) deal their second differently when their secrets differ: what a seat sees of a deal is
    no key to the next one, as a 48-bit seed found by search from one's own hand was."""
    if a == b:
        return
    seed_a, seed_b = match_seed(a, entropy), match_seed(b, entropy)
    first = deals(name, 4, seed_a, 1)[0]
    fixed = [" ".join(hand) for hand in first]
    deal_a = deals(name, 4, seed_a, 2, deal=fixed)
    deal_b = deals(name, 4, seed_b, 2, deal=fixed)
    assert deal_a[0] == deal_b[0] == first
    assert deal_a[1] != deal_b[1]


def test_a_fair_seeds_start_of_play_draws_from_its_own_generator() -> None:
    """King's made-up trump (benchmarks, search) comes from ``match_rng``, not from
    ``random.Random(seed)`` as older seeds still do."""
    from engine import king
    names = []
    for k in range(8):
        state = king.GAME.new_match(4, FAIR_SEEDS + k, contracts="TR")
        trump = king.start_of_play(state).trump
        names.append((trump, match_rng(FAIR_SEEDS + k, "start-of-play").randrange(4)))
    assert all(trump == suit for trump, suit in names)


@pytest.mark.parametrize(("name", "players"), test_invariants.CASES)
def test_whole_matches_from_fair_seeds_keep_every_invariant(name: str, players: int) -> None:
    test_invariants.test_random_match_keeps_invariants(name, players, match_seed(SECRET, [name]))


# --- deals from a match's log, and the checker --------------------------------------------------

@pytest.mark.parametrize(("name", "players"), [("thirteen", 3), ("fifty_six", 6), ("hearts", 4)])
def test_deals_from_a_log_are_the_deals_the_match_had(name: str, players: int) -> None:
    """Thirteen's loser deals the next game and 56's beaten seats get no cards: with the log,
    ``deals`` follows the match as it was played."""
    game, rng = find_game(name), random.Random(5)
    seed = match_seed(SECRET, ENTROPY)
    rules = {"fifty_six": {"tables": 6}, "thirteen": {"match_games": 5}}.get(name, {})
    state, log, seen = game.new_match(players, seed, **rules), [], []
    while not game.is_over(state):
        if game.public_observation(state).deal > len(seen):
            seen.append(tuple(tuple(map(str, game.observation(state, s).hand))
                              for s in range(players)))
        seat = rng.choice(sorted(game.to_act(state)))
        action = rng.choice(list(game.legal_actions(state, seat)))
        state = game.apply(state, seat, action)
        log.append((seat, str(action)))
    assert len(seen) >= 2
    assert deals(name, players, seed, 10**6, log=log, **rules) == seen


GOLDEN = """\
commitment e7f77dd92cf5a50e4b7888e697c04791f8ca777d65f54fa58523ea8673c6057f  🔒 e7f7 7dd9
entropy ["cb1", "cb2"]
match seed 0x1af44a1cb1b8faccf1e32458e0d4d99c10d2e0a0a8d0ea7fb546081ff3a466373
deal 1
  seat 0: JC QC 8D 9D KD 2H 5H 8H KH 4S 7S 8S QS
  seat 1: 2C 4C 6C 7C 9C TC 4D 7D 3H 7H TH AH 3S
  seat 2: 3C KC AC 3D 5D TD JD QD AD QH 2S 9S AS
  seat 3: 5C 8C 2D 6D 4H 6H 9H JH 5S 6S TS JS KS
deal 2
  seat 0: 2C 5C 9C 7D 9D 4H 5H 7H 8H QH KH 3S 9S
  seat 1: 4C KC 3D 6D 8D KD 2H 9H JH 4S JS QS KS
  seat 2: 8C TC QC 2D 5D TD 6H AH 2S 5S 6S TS AS
  seat 3: 3C 6C 7C JC AC 4D JD QD AD 3H TH 7S 8S
"""


def test_the_checkers_output_for_a_fixed_secret_is_stable(capsys: pytest.CaptureFixture[str]) -> None:
    """A change here changes every fair match ever dealt: the construction is versioned by its
    tags, and an old match must still check."""
    assert main(["hearts", SECRET.hex(), *ENTROPY, "--deals", "2"]) == 0
    assert capsys.readouterr().out == GOLDEN


def test_the_checker_refuses_a_secret_that_does_not_open_the_commitment(
        capsys: pytest.CaptureFixture[str]) -> None:
    shown = commitment(SECRET)
    assert main(["king", SECRET.hex(), "x", "--commitment", shown]) == 0
    assert "matches the one given" in capsys.readouterr().out
    assert main(["king", SECRET.hex(), "x", "--commitment", short_form(shown)]) == 0
    assert "matches the 8 digits given: 32 bits only" in capsys.readouterr().out
    wrong = bytes([SECRET[0] ^ 1]) + SECRET[1:]
    assert main(["king", wrong.hex(), "x", "--commitment", shown]) == 1
    captured = capsys.readouterr()
    assert "REFUSED" in captured.err and shown in captured.err and captured.out == ""


def test_the_checker_refuses_other_entropy_against_the_matchs_log(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game, seed = find_game("hearts"), match_seed(SECRET, ENTROPY)
    state, log = game.new_match(4, seed), []
    for _ in range(60):  # the passes and a few tricks
        seat = min(game.to_act(state))
        action = game.legal_actions(state, seat)[-1]
        state = game.apply(state, seat, action)
        log.append([seat, str(action)])
    path = tmp_path / "log.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    assert main(["hearts", SECRET.hex(), *ENTROPY, "--log", str(path)]) == 0
    assert capsys.readouterr().out.startswith(GOLDEN.split("deal 2")[0])
    assert main(["hearts", SECRET.hex(), "cb1", "cb3", "--log", str(path)]) == 1
    assert "does not replay" in capsys.readouterr().err


def test_the_checker_derives_a_tournament_tables_secret_from_the_tournaments(
        capsys: pytest.CaptureFixture[str]) -> None:
    """--label: the secret given is the tournament's (its commitment the sign-up's); the table
    deals from the derived one, as its own check would with that secret."""
    table = derived(SECRET, "round:1/board:2")
    assert main(["hearts", SECRET.hex(), *ENTROPY, "--label", "round:1/board:2",
                 "--commitment", commitment(SECRET)]) == 0
    out = capsys.readouterr().out
    assert "matches the one given" in out
    assert f"table round:1/board:2: secret {table.hex()}, commitment {commitment(table)}" in out
    assert main(["hearts", table.hex(), *ENTROPY]) == 0
    assert out.split("entropy", 1)[1] == capsys.readouterr().out.split("entropy", 1)[1]
    assert main(["hearts", table.hex(), *ENTROPY, "--label", "round:1/board:2",
                 "--commitment", commitment(SECRET)]) == 1, "a table's secret is no tournament's"
