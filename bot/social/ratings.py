"""Ratings with openskill (Weng-Lin, Plackett-Luce model): free-for-all places in Hearts, King and
Thirteen, teams in Bazar Blot and 56, the places always the engine's.

A rating is (mu, sigma); players see one plain number, ``shown``: 1000 + 20 × (mu − 3σ), the
openskill "ordinal" (a skill the player is 99.7% sure to have) on a familiar scale. A newcomer
(mu 25, σ 25/3) shows 1000. Since σ shrinks with every match, a middle place may still add a few
points; the winner gains the most, the last place loses.

Computer players are rated per game and level ('computer:hard'). When a match seats several
computers of one level, each seat is rated as a copy of that level's rating and the level takes
the average of their changes. That one number stands for seats with different places, so it is
shown as a reference beside the humans' changes and apart from them in /top, never as a seat's
result.
"""

from __future__ import annotations

from collections.abc import Sequence

from openskill.models import PlackettLuce

from storage.interface.scores import Player, Rater, Rating

MODEL = PlackettLuce()
BASE, SCALE = 1000, 20


def shown(rating: Rating | None) -> int:
    """The number players see."""
    if rating is None:
        rating = Rating(mu=MODEL.mu, sigma=MODEL.sigma)
    return round(BASE + SCALE * (rating.mu - 3 * rating.sigma))


def rater(entries: Sequence[Sequence[Player]], places: Sequence[int]) -> Rater:
    """How one match moves its players: ``entries`` are the seats' players of each standings
    entry (one each in a free-for-all, a team's in a team game), ``places`` the entries' places
    (1 is best, ties share)."""

    def rate(current: dict[Player, Rating | None]) -> dict[Player, Rating]:
        teams = [[MODEL.rating(*_values(current[p])) for p in entry] for entry in entries]
        rated = MODEL.rate(teams, ranks=[float(p) for p in places])
        moved: dict[Player, list[tuple[float, float]]] = {}
        for entry, team in zip(entries, rated, strict=True):
            for player, after in zip(entry, team, strict=True):
                moved.setdefault(player, []).append((after.mu, after.sigma))
        new = {}
        for player, values in moved.items():
            mu0, _ = _values(current[player])
            mu = mu0 + sum(mu - mu0 for mu, _ in values) / len(values)
            new[player] = Rating(mu=mu, sigma=sum(s for _, s in values) / len(values))
        return new

    return rate


def sparing(rate: Rater, kept: set[Player]) -> Rater:
    """``rate`` with the ``kept`` players' ratings left as they were (a human who took the
    coach's hint: issue 26); a first match leaves them at a newcomer's rating."""
    if not kept:
        return rate

    def spared(current: dict[Player, Rating | None]) -> dict[Player, Rating]:
        new = rate(current)
        for player in kept & new.keys():
            mu, sigma = _values(current[player])
            new[player] = Rating(mu=mu, sigma=sigma)
        return new

    return spared


def _values(rating: Rating | None) -> tuple[float, float]:
    return (rating.mu, rating.sigma) if rating else (MODEL.mu, MODEL.sigma)
