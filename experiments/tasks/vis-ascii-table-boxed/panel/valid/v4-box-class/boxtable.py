"""Boxed table drawn by a small Box class."""


class Box:
    def __init__(self, headers):
        self.headers = list(headers)
        self.widths = [len(h) for h in self.headers]
        self.rows = []

    def add(self, row):
        if len(row) != len(self.headers):
            raise ValueError(f"expected {len(self.headers)} cells")
        cells = []
        for k, value in enumerate(row):
            text = "" if value is None else str(value)
            numeric = type(value) is not bool and isinstance(value, (int, float))
            cells.append((text, numeric))
            self.widths[k] = max(self.widths[k], len(text))
        self.rows.append(cells)

    def rule(self, fill):
        parts = ["+"]
        for w in self.widths:
            parts.append(fill * (w + 2))
            parts.append("+")
        return "".join(parts)

    def content(self, cells):
        parts = ["|"]
        for (text, numeric), w in zip(cells, self.widths):
            gap = " " * (w - len(text))
            parts.append(" " + (gap + text if numeric else text + gap) + " |")
        return "".join(parts)

    def draw(self, title=None):
        out = [self.rule("-"), self.content([(h, False) for h in self.headers]), self.rule("=")]
        out += [self.content(cells) for cells in self.rows]
        out.append(self.rule("-"))
        if title is not None:
            total = len(out[0])
            free = total - 4 - len(title)
            if free < 0:
                raise ValueError("title wider than table")
            out[0:0] = ["+" + "-" * (total - 2) + "+", "| " + title + " " * free + " |"]
        return "\n".join(out)


def render_box(headers, rows, title=None):
    box = Box(headers)
    for row in rows:
        box.add(row)
    return box.draw(title)
