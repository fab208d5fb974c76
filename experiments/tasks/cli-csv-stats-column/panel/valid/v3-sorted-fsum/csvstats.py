"""csvstats: read the whole file, sort the values, use math.fsum."""

import csv
import io
import math
import sys
from pathlib import Path


class UsageError(Exception):
    pass


def get_args(argv):
    if "--column" not in argv:
        raise UsageError("--column is required")
    i = argv.index("--column")
    if i + 1 >= len(argv):
        raise UsageError("--column needs a value")
    name = argv[i + 1]
    others = argv[:i] + argv[i + 2:]
    if len(others) != 1 or others[0].startswith("-"):
        raise UsageError("exactly one FILE expected")
    return others[0], name


def main(argv):
    try:
        path, name = get_args(argv)
    except UsageError as exc:
        print(f"csvstats: {exc}", file=sys.stderr)
        return 2
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError:
        print(f"csvstats: could not read {path}", file=sys.stderr)
        return 1
    table = list(csv.reader(io.StringIO(text, newline="")))
    header = table[0] if table else []
    if name not in header:
        print(f"csvstats: header has no {name}", file=sys.stderr)
        return 2
    col = header.index(name)
    cells = [(r[col] if col < len(r) else "").strip() for r in table[1:]]
    blanks = sum(1 for c in cells if not c)
    values = []
    for c in filter(None, cells):
        try:
            values.append(float(c))
        except ValueError:
            print(f"csvstats: line with {c!r} is not numeric", file=sys.stderr)
            return 1
    values.sort()
    if values:
        mean, lo, hi = math.fsum(values) / len(values), values[0], values[-1]
        rendered = ["%.2f" % mean, "%.2f" % lo, "%.2f" % hi]
    else:
        rendered = ["n/a", "n/a", "n/a"]
    print("count: %d" % len(values))
    print("missing: %d" % blanks)
    print("mean: %s\nmin: %s\nmax: %s" % tuple(rendered))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
