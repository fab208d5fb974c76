"""colstats: streaming reader, running min/max, sort only for the median."""

import csv
import sys

USAGE = "usage: colstats.py FILE COLUMN [--delimiter D] [--no-header]"


def main(argv):
    delim, has_header, pos = ",", True, []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--no-header":
            has_header = False
        elif a == "--delimiter" and i + 1 < len(argv):
            delim = argv[i + 1]
            i += 1
        elif a.startswith("-"):
            sys.stderr.write(USAGE + "\n")
            return 2
        else:
            pos.append(a)
        i += 1
    delim = {"tab": "\t"}.get(delim, delim)
    if len(pos) != 2 or len(delim) != 1:
        sys.stderr.write(USAGE + "\n")
        return 2
    path, col = pos
    try:
        fh = open(path, newline="", encoding="utf-8")
    except OSError:
        sys.stderr.write(f"colstats: unable to open {path}\n")
        return 1
    with fh:
        reader = csv.reader(fh, delimiter=delim)
        first = next(reader, [])
        if has_header:
            if col not in first:
                sys.stderr.write(f"colstats: {col} is not a column\n")
                return 2
            k = first.index(col)
            rows = reader
        else:
            if not (col.isdigit() and 0 < int(col) <= len(first)):
                sys.stderr.write(f"colstats: bad column number {col}\n")
                return 2
            k = int(col) - 1

            def chain():
                yield first
                yield from reader

            rows = chain()
        vals, skipped, total = [], 0, 0.0
        lo = hi = None
        for row in rows:
            try:
                x = float(row[k])
            except (IndexError, ValueError):
                skipped += 1
                continue
            vals.append(x)
            total += x
            lo = x if lo is None else min(lo, x)
            hi = x if hi is None else max(hi, x)
    if not vals:
        sys.stderr.write("colstats: no usable values\n")
        return 1
    vals.sort()
    n = len(vals)
    med = vals[n // 2] if n % 2 == 1 else (vals[n // 2 - 1] + vals[n // 2]) / 2
    parts = [f"n={n}"] + [f"{name}={v:.6g}" for name, v in
                          (("min", lo), ("max", hi), ("mean", total / n), ("median", med))]
    sys.stdout.write(" ".join(parts + [f"skipped={skipped}"]) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
