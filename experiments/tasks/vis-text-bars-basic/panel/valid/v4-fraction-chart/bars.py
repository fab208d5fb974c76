"""Bar chart with exact rational arithmetic."""

from fractions import Fraction


class Chart:
    def __init__(self, items, width):
        if width < 1:
            raise ValueError("width must be 1 or more")
        self.items = list(items)
        for label, value in self.items:
            if value < 0:
                raise ValueError(f"{label}: {value} < 0")
        self.width = width

    def bar_length(self, value, top):
        if top == 0:
            return 0
        scaled = Fraction(value) * self.width / Fraction(top)
        return int(scaled + Fraction(1, 2))

    def render(self):
        if not self.items:
            return ""
        top = max(v for _, v in self.items)
        pad = max(len(label) for label, _ in self.items)
        lines = []
        for label, value in self.items:
            parts = [label.ljust(pad), "|"]
            n = self.bar_length(value, top)
            if n:
                parts.append("#" * n)
            parts.append(format(value, "g") if isinstance(value, float) else str(value))
            lines.append(" ".join(parts))
        return "\n".join(lines)


def render_bars(items, width=40):
    return Chart(items, width).render()
