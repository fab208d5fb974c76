"""Percentage bars using a lookup table that includes the empty partial."""

import math

TAIL = ["", "\u258f", "\u258e", "\u258d", "\u258c", "\u258b", "\u258a", "\u2589"]


def percent_bars(items, width=20):
    pairs = list(items)
    if width < 1:
        raise ValueError("width too small")
    if any(f < 0 or f > 1 for _, f in pairs):
        raise ValueError("fractions must lie in [0, 1]")
    if not pairs:
        return ""
    lw = max(len(lbl) for lbl, _ in pairs)
    out = []
    for lbl, f in pairs:
        e = int(math.floor(f * width * 8 + 0.5))
        bar = "\u2588" * (e // 8) + TAIL[e % 8]
        out.append("{} {} {:>6}".format(lbl.ljust(lw), bar + " " * (width - len(bar)),
                                       "{:.1f}%".format(f * 100)))
    return "\n".join(out)
