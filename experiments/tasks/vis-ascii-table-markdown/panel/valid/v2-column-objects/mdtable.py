"""Markdown table built from Column objects."""


class Column:
    def __init__(self, header, how):
        self.how = how
        self.texts = [self.escape(header)]

    @staticmethod
    def escape(value):
        if value is None:
            return ""
        out = []
        for ch in str(value):
            out.append("\\|" if ch == "|" else "<br>" if ch == "\n" else ch)
        return "".join(out)

    @property
    def width(self):
        return max(3, max(len(t) for t in self.texts))

    def cell(self, i):
        t = self.texts[i]
        gap = self.width - len(t)
        if self.how == "right":
            return " " * gap + t
        if self.how == "center":
            return " " * (gap // 2) + t + " " * (gap - gap // 2)
        return t + " " * gap

    def marker(self):
        w = self.width
        if self.how is None:
            return "-" * w
        first = ":" if self.how in ("left", "center") else "-"
        last = ":" if self.how in ("right", "center") else "-"
        return first + "-" * (w - 2) + last


def to_markdown(headers, rows, align=None):
    if not headers:
        raise ValueError("headers must not be empty")
    if align is not None and (len(align) != len(headers)
                              or any(a not in ("left", "right", "center") for a in align)):
        raise ValueError("invalid align")
    cols = [Column(h, None if align is None else align[i]) for i, h in enumerate(headers)]
    for row in rows:
        if len(row) > len(cols):
            raise ValueError("row longer than headers")
        for i, col in enumerate(cols):
            col.texts.append(Column.escape(row[i]) if i < len(row) else "")
    lines = []
    for i in range(len(rows) + 1):
        lines.append("| " + " | ".join(c.cell(i) for c in cols) + " |")
        if i == 0:
            lines.append("| " + " | ".join(c.marker() for c in cols) + " |")
    return "\n".join(lines)
