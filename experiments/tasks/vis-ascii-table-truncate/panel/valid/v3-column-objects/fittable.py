"""Width-limited table assembled from Column objects."""


class Column:
    def __init__(self, header, values, limit):
        self.values = list(values)
        kept = [v for v in self.values if v is not None]
        self.numeric = bool(kept) and all(self.is_number(v) for v in kept)
        self.title = self.clip(header, limit)
        self.texts = [self.text(v) if self.is_number(v) else self.clip(self.text(v), limit)
                      for v in self.values]
        self.width = max(len(t) for t in [self.title, *self.texts])

    @staticmethod
    def is_number(v):
        return type(v) in (int, float) or (isinstance(v, (int, float)) and type(v) is not bool)

    @staticmethod
    def text(v):
        if v is None:
            return ""
        if isinstance(v, bool):
            return "yes" if v else "no"
        return "%.2f" % v if isinstance(v, float) else str(v)

    @staticmethod
    def clip(s, limit):
        return s[: limit - 3] + "..." if len(s) > limit else s

    def cell(self, text):
        return text.rjust(self.width) if self.numeric else text.ljust(self.width)


def fit_table(headers, rows, max_col_width=20):
    if max_col_width < 4:
        raise ValueError("need max_col_width >= 4")
    for i, r in enumerate(rows):
        if len(r) != len(headers):
            raise ValueError(f"row {i} has the wrong length")
    cols = [Column(h, [r[k] for r in rows], max_col_width) for k, h in enumerate(headers)]
    lines = ["  ".join(c.cell(c.title) for c in cols), "  ".join("=" * c.width for c in cols)]
    for i in range(len(rows)):
        lines.append("  ".join(c.cell(c.texts[i]) for c in cols))
    return "\n".join(s.rstrip(" ") for s in lines)
