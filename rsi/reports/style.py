"""Colours, markers and PNG output shared by the figures.

Colours are the Okabe-Ito palette, distinguishable with the common colour-vision
deficiencies; every category also has its own marker or hatch, so nothing is told apart by
colour alone. Figures are built with the object API (`matplotlib.figure.Figure`) and saved
through the Agg canvas: no pyplot, no global backend or rcParams change, so rendering is
safe in the lineage mirror's background thread.
"""

from __future__ import annotations

import io

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

BLACK = "#000000"
ORANGE = "#E69F00"
SKY = "#56B4E9"
GREEN = "#009E73"
YELLOW = "#F0E442"
BLUE = "#0072B2"
VERMILLION = "#D55E00"
PURPLE = "#CC79A7"
GREY = "#999999"

KIND_COLOURS = {
    "initial": BLACK,
    "kept": GREEN,
    "discarded": ORANGE,
    "rejected": VERMILLION,
    "pending": GREY,
}
KIND_MARKERS = {"initial": "D", "kept": "o", "discarded": "s", "rejected": "X", "pending": "o"}
WIDTH_IN = 10.0  # at DPI, about 1100 px: the report's column width
DPI = 110
TITLE_SIZE = 12
FONT_SIZE = 9


def new_figure(height_in: float, width_in: float = WIDTH_IN) -> Figure:
    figure = Figure(figsize=(width_in, height_in), dpi=DPI, layout="constrained")
    FigureCanvasAgg(figure)
    return figure


def png_bytes(figure: Figure) -> bytes:
    """The figure as PNG; no timestamp or version metadata, so equal figures give equal bytes."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=DPI, metadata={"Software": None})
    return buffer.getvalue()
