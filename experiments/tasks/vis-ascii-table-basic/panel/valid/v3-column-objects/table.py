"""Plain text table described by Column objects."""

from dataclasses import dataclass, field


@dataclass
class Column:
    title: str
    cells: list = field(default_factory=list)

    @property
    def width(self):
        return max([len(self.title)] + [len(text) for text, _ in self.cells])

    def add(self, value):
        text = "" if value is None else str(value)
        numeric = isinstance(value, (int, float)) and not isinstance(value, bool)
        self.cells.append((text, numeric))

    def render(self, i):
        text, numeric = self.cells[i]
        return text.rjust(self.width) if numeric else text.ljust(self.width)


def render_table(headers, rows):
    if not headers:
        raise ValueError("a table needs at least one column")
    columns = [Column(h) for h in headers]
    for row in rows:
        if len(row) > len(columns):
            raise ValueError("row is wider than the header")
        for j, col in enumerate(columns):
            col.add(row[j] if j < len(row) else None)
    lines = [" | ".join(c.title.ljust(c.width) for c in columns),
             "-+-".join("-" * c.width for c in columns)]
    for i in range(len(rows)):
        lines.append(" | ".join(c.render(i) for c in columns))
    return "\n".join(ln.rstrip(" ") for ln in lines)
