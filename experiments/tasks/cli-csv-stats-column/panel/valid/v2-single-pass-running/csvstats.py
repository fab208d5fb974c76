"""csvstats: one pass with running aggregates, hand-parsed options."""

import csv
import sys


def options(argv):
    path = column = None
    rest = list(argv)
    while rest:
        tok = rest.pop(0)
        if tok == "--column" and rest:
            column = rest.pop(0)
        elif tok.startswith("--column="):
            column = tok.split("=", 1)[1]
        elif tok.startswith("-") or path is not None:
            return None
        else:
            path = tok
    if path is None or column is None:
        return None
    return path, column


def main(argv):
    opts = options(argv)
    if opts is None:
        print("usage: csvstats.py FILE --column NAME", file=sys.stderr)
        return 2
    path, column = opts
    try:
        handle = open(path, newline="", encoding="utf-8")
    except OSError:
        print(f"csvstats: {path} is unreadable", file=sys.stderr)
        return 1
    n = missing = 0
    total = 0.0
    lo = hi = None
    with handle:
        rows = csv.reader(handle)
        header = next(rows, [])
        if column not in header:
            print(f"csvstats: {column}: not a header name", file=sys.stderr)
            return 2
        pos = header.index(column)
        for row in rows:
            cell = row[pos] if pos < len(row) else ""
            if not cell.strip():
                missing += 1
                continue
            try:
                x = float(cell)
            except ValueError:
                print(f"csvstats: non-numeric cell [{cell.strip()}]", file=sys.stderr)
                return 1
            n += 1
            total += x
            lo = x if lo is None or x < lo else lo
            hi = x if hi is None or x > hi else hi
    out = [f"count: {n}", f"missing: {missing}"]
    if n:
        out += [f"mean: {total / n:.2f}", f"min: {lo:.2f}", f"max: {hi:.2f}"]
    else:
        out += ["mean: n/a", "min: n/a", "max: n/a"]
    sys.stdout.write("\n".join(out) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
