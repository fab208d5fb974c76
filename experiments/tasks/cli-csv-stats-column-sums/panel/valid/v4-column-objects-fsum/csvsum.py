"""csvsum: ColumnStats objects and math.fsum."""

import csv
import math
import sys
from pathlib import Path


class ColumnStats:
    def __init__(self, name):
        self.name = name
        self.values = []
        self.non_numeric = False

    def consider(self, cell):
        cell = cell.strip()
        if cell == "":
            return
        try:
            self.values.append(float(cell))
        except ValueError:
            self.non_numeric = True

    def render(self, precision):
        if self.non_numeric:
            return self.name + ": not numeric"
        total = math.fsum(self.values)
        fmt = "{:.%df}" % precision
        mean = fmt.format(total / len(self.values)) if self.values else "n/a"
        return "{}: count={} sum={} mean={}".format(
            self.name, len(self.values), fmt.format(total), mean)


def main(argv):
    if not argv:
        print("csvsum: FILE is required", file=sys.stderr)
        return 2
    params = {"--columns": None, "--precision": "2"}
    files = []
    pending = None
    for a in argv:
        if pending:
            params[pending] = a
            pending = None
        elif a in params:
            pending = a
        elif a.startswith("-"):
            print(f"csvsum: unknown option {a}", file=sys.stderr)
            return 2
        else:
            files.append(a)
    prec = params["--precision"]
    if pending or len(files) != 1 or not prec.isdigit() or int(prec) > 10:
        print("csvsum: bad command line", file=sys.stderr)
        return 2
    try:
        text = Path(files[0]).read_text(encoding="utf-8")
    except OSError as exc:
        print(f"csvsum: {exc}", file=sys.stderr)
        return 1
    rows = list(csv.reader(text.splitlines(keepends=True)))
    header = rows[0] if rows else []
    wanted = params["--columns"].split(",") if params["--columns"] is not None else header
    missing = [w for w in wanted if w not in header]
    if missing:
        for w in missing:
            print(f"csvsum: column {w!r} does not exist", file=sys.stderr)
        return 2
    stats = {}
    for name in header:
        stats.setdefault(name, ColumnStats(name))
    for number, row in enumerate(rows[1:], start=2):
        if len(row) > len(header):
            print(f"csvsum: row {number}: {len(row)} cells for {len(header)} columns",
                  file=sys.stderr)
            return 1
    for row in rows[1:]:
        seen = set()
        for name, cell in zip(header, row):
            if name not in seen:
                seen.add(name)
                stats[name].consider(cell)
    print("\n".join(stats[w].render(int(prec)) for w in wanted))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
