"""csvstats: a ColumnSummary accumulator."""

import csv
import sys


class ColumnSummary:
    def __init__(self):
        self.values = []
        self.missing = 0

    def add(self, cell):
        cell = cell.strip()
        if not cell:
            self.missing += 1
            return
        self.values.append(float(cell))

    def lines(self):
        def show(x):
            return "n/a" if x is None else format(x, ".2f")

        vals = self.values
        mean = sum(vals) / len(vals) if vals else None
        return [
            f"count: {len(vals)}",
            f"missing: {self.missing}",
            f"mean: {show(mean)}",
            f"min: {show(min(vals, default=None))}",
            f"max: {show(max(vals, default=None))}",
        ]


def main(argv):
    args = list(argv)
    column = None
    if "--column" in args:
        k = args.index("--column")
        column = args[k + 1] if k + 1 < len(args) else None
        del args[k:k + 2]
    if column is None or len(args) != 1:
        sys.stderr.write("csvstats: expected FILE --column NAME\n")
        return 2
    try:
        with open(args[0], newline="", encoding="utf-8") as fh:
            records = [row for row in csv.reader(fh)]
    except OSError as exc:
        sys.stderr.write(f"csvstats: {exc}\n")
        return 1
    header = records[0] if records else []
    try:
        where = header.index(column)
    except ValueError:
        sys.stderr.write(f"csvstats: column {column} not found\n")
        return 2
    summary = ColumnSummary()
    for row in records[1:]:
        cell = row[where] if len(row) > where else ""
        try:
            summary.add(cell)
        except ValueError:
            sys.stderr.write(f"csvstats: cannot parse {cell.strip()}\n")
            return 1
    print("\n".join(summary.lines()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
