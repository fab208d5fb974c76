"""Column layout with explicit space arithmetic and a per-column plan."""


def layout(rows, align, gap=2):
    for ch in align:
        if ch not in ("l", "r", "c"):
            raise ValueError("bad code " + ch)
    if not gap >= 1:
        raise ValueError("gap must be >= 1")
    width_of = {}
    for row in rows:
        for i, cell in enumerate(row):
            if "\n" in cell:
                raise ValueError("cell spans lines")
            width_of[i] = max(width_of.get(i, 0), len(cell))
    plan = []
    for i in range(len(width_of)):
        if not align:
            code = "l"
        elif i < len(align):
            code = align[i]
        else:
            code = align[-1]
        plan.append((width_of[i], code))
    out = []
    for row in rows:
        pieces = []
        for i, (width, code) in enumerate(plan):
            cell = row[i] if i < len(row) else ""
            space = width - len(cell)
            if code == "l":
                before = 0
            elif code == "r":
                before = space
            else:
                before = space // 2
            pieces.append(" " * before + cell + " " * (space - before))
        line = (" " * gap).join(pieces)
        while line and line[-1] == " ":
            line = line[:-1]
        out.append(line)
    return out
