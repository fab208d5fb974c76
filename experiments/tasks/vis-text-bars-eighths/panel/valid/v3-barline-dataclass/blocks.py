"""Percentage bars with a BarLine value object."""

import math
from dataclasses import dataclass

BLOCKS = " \u258f\u258e\u258d\u258c\u258b\u258a\u2589"


@dataclass(frozen=True)
class BarLine:
    label: str
    fraction: float

    def bar(self, width):
        eighths = math.floor(self.fraction * width * 8 + 0.5)
        full, part = divmod(eighths, 8)
        text = "\u2588" * full + (BLOCKS[part] if part else "")
        return f"{text:<{width}}"

    def percent(self):
        return f"{self.fraction * 100:6.1f}%"[1:] if self.fraction * 100 < 100 else "100.0%"

    def render(self, label_width, width):
        return f"{self.label:<{label_width}} {self.bar(width)} {self.percent()}"


def percent_bars(items, width=20):
    if width < 1:
        raise ValueError("width must be 1 or more")
    lines = [BarLine(label, fraction) for label, fraction in items]
    for line in lines:
        if not 0 <= line.fraction <= 1:
            raise ValueError("fraction out of range")
    if not lines:
        return ""
    label_width = max(len(line.label) for line in lines)
    return "\n".join(line.render(label_width, width) for line in lines)
