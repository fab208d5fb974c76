"""Width-limited table with explicit padding loops."""


def _txt(v):
    if v is None:
        return ""
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, float):
        return "{:.2f}".format(v)
    return str(v)


def fit_table(headers, rows, max_col_width=20):
    if not max_col_width >= 4:
        raise ValueError("max_col_width must be 4 or more")
    n = len(headers)
    if any(len(r) != n for r in rows):
        raise ValueError("cell count mismatch")
    numeric = []
    for k in range(n):
        seen_any = False
        all_num = True
        for r in rows:
            v = r[k]
            if v is None:
                continue
            seen_any = True
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                all_num = False
        numeric.append(seen_any and all_num)
    table = [[h for h in headers]]
    for r in rows:
        table.append([_txt(v) for v in r])
    for i, line in enumerate(table):
        for k, s in enumerate(line):
            is_num_cell = i > 0 and not isinstance(rows[i - 1][k], bool) and isinstance(
                rows[i - 1][k], (int, float))
            if len(s) > max_col_width and not is_num_cell:
                line[k] = s[: max_col_width - 3] + "..."
    widths = [max(len(line[k]) for line in table) for k in range(n)]
    out = []
    for i, line in enumerate(table):
        pieces = []
        for k, s in enumerate(line):
            fill = " " * (widths[k] - len(s))
            pieces.append(fill + s if numeric[k] else s + fill)
        out.append("  ".join(pieces).rstrip())
        if i == 0:
            out.append("  ".join("=" * w for w in widths))
    return "\n".join(out)
