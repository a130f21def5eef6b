"""The score race as a picture: each player's (or team's) standing after every deal, drawn with
matplotlib's Agg canvas (no display, no pyplot state) in DejaVu Sans, the font matplotlib ships,
which has Armenian, Cyrillic and Latin letters. A letter the font lacks (an emoji in a name) is
left out of the label rather than drawn as a box: ``drawable`` checks the font's own charmap.

Pure and synchronous: the runtime renders in a worker thread (``asyncio.to_thread``).
"""

from __future__ import annotations

import io
import threading
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from matplotlib.figure import Figure

SIZE = (8.0, 4.5)  # inches, at DPI: 800 × 450 pixels
DPI = 100
_lock = threading.Lock()  # one figure at a time: matplotlib's font cache is shared


@dataclass(frozen=True, slots=True)
class Race:
    """What the picture shows; every text already in the chat's language."""

    title: str
    xlabel: str
    ylabel: str
    labels: tuple[str, ...]  # one per entry (a seat, or a team)
    deals: tuple[int, ...]  # x: 0 (before the first deal), then each deal's number
    series: tuple[tuple[float, ...], ...]  # per entry: its standing at each x (a duplicate's: ½s)
    order: tuple[int, ...] = ()  # entries best first (the legend's order)


# matplotlib is imported where it is used: it is half of the bot's start-up time otherwise.


@cache
def font_path() -> Path:
    import matplotlib

    return Path(matplotlib.get_data_path()) / "fonts" / "ttf" / "DejaVuSans.ttf"


@cache
def charmap() -> frozenset[int]:
    from matplotlib.ft2font import FT2Font

    return frozenset(FT2Font(str(font_path())).get_charmap())


def drawable(text: str) -> str:
    """``text`` without the characters the font has no glyph for (and mathtext's ``$``
    escaped), whitespace squeezed."""
    kept = "".join(c for c in text if ord(c) in charmap() or c == " ")
    return " ".join(kept.split()).replace("$", r"\$")


def render(race: Race) -> bytes:
    """The race as a PNG."""
    with _lock:
        figure = draw(race)
        out = io.BytesIO()
        figure.savefig(out, format="png")
    return out.getvalue()


def draw(race: Race) -> Figure:
    """The race's figure, laid out (call it holding ``_lock``; ``render`` does)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.font_manager import FontProperties
    from matplotlib.ticker import MaxNLocator

    font = FontProperties(fname=str(font_path()))
    figure = Figure(figsize=SIZE, dpi=DPI)
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    for entry in race.order or range(len(race.series)):
        values = race.series[entry]
        total = f"{values[-1]}".replace("-", "\u2212")  # a real minus sign
        label = f"{drawable(race.labels[entry]) or '#' + str(entry + 1)}  {total}"
        axes.plot(race.deals, values, marker="o", markersize=3.5, linewidth=2.0, label=label)
    axes.set_title(drawable(race.title), fontproperties=font, fontsize=13)
    axes.set_xlabel(drawable(race.xlabel), fontproperties=font)
    axes.set_ylabel(drawable(race.ylabel), fontproperties=font)
    axes.set_xticks(race.deals if len(race.deals) <= 25 else race.deals[::5])
    # Points, tables and place points are whole numbers: a small range (0 to 2 tables) would
    # otherwise get ticks at 0.5, a score nobody can have.
    axes.yaxis.set_major_locator(MaxNLocator(integer=True))
    every = {v for series in race.series for v in series}
    if len(every) == 1:  # a flat race spans ±0.05, where the locator gives up on integers
        axes.set_ylim(min(every) - 1, min(every) + 1)
    axes.grid(alpha=0.3)
    for side in ("top", "right"):
        axes.spines[side].set_visible(False)
    axes.legend(prop=font, fontsize=9, loc="center left", bbox_to_anchor=(1.01, 0.5),
                frameon=False)
    for text in axes.get_xticklabels() + axes.get_yticklabels():
        text.set_fontproperties(font)
    figure.tight_layout()
    return figure
