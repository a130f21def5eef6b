"""The score-race chart: whole-number ticks only, since every score it draws is a whole number."""

from __future__ import annotations

import pytest

from bot.social import chart


def race(series: tuple[tuple[int, ...], ...]) -> chart.Race:
    deals = tuple(range(len(series[0])))
    return chart.Race("56", "Deal", "Tables", tuple(f"P{i}" for i in range(len(series))), deals,
                      series)


@pytest.mark.parametrize("series", [
    ((0, 1, 1, 2), (0, -1, 0, 1)),  # tables won and lost by one: 0.5 ticks before
    ((0, 1), (0, 0)),  # one deal, a step of one
    ((0, 0, 0), (0, 0, 0)),  # nothing changed yet
    ((0, 3, 6, 6, 9), (0, 2, 2, 4, 4), (0, 1, 2, 3, 4)),  # place points of Thirteen
    ((0, -120, -360, -410), (0, -50, -50, 800)),  # King's big numbers stay as they were
])
def test_ticks_are_whole_numbers(series: tuple[tuple[int, ...], ...]) -> None:
    with chart._lock:
        axes = chart.draw(race(series)).axes[0]
    yticks, xticks = axes.get_yticks(), axes.get_xticks()
    assert len(yticks) >= 2
    assert all(float(v).is_integer() for v in (*yticks, *xticks)), (yticks, xticks)
    low, high = axes.get_ylim()  # every drawn point lies inside the ticked range
    assert low <= min(min(s) for s in series) and max(max(s) for s in series) <= high


def test_render_is_a_png() -> None:
    assert chart.render(race(((0, 1, 2), (0, 2, 1)))).startswith(b"\x89PNG")
