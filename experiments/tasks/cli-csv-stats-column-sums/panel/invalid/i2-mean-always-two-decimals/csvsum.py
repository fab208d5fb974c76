"""Count, sum and mean of the numeric columns of a CSV file."""

import csv
import sys


class UsageError(Exception):
    """The command line cannot be used."""


def parse(argv):
    path = None
    columns = None
    precision = 2
    args = list(argv)
    while args:
        arg = args.pop(0)
        if arg in ("--columns", "--precision"):
            if not args:
                raise UsageError(f"{arg} needs a value")
            value = args.pop(0)
            if arg == "--columns":
                columns = value.split(",")
            elif value.isdigit() and int(value) <= 10:
                precision = int(value)
            else:
                raise UsageError("--precision must be an integer from 0 to 10")
        elif arg.startswith("-") or path is not None:
            raise UsageError(f"unexpected argument {arg}")
        else:
            path = arg
    if path is None:
        raise UsageError("missing FILE")
    return path, columns, precision


def read_rows(path):
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.reader(handle))


def describe(name, cells, precision):
    values = []
    for cell in cells:
        text = cell.strip()
        if not text:
            continue
        try:
            values.append(float(text))
        except ValueError:
            return f"{name}: not numeric"
    total = sum(values)
    mean = f"{total / len(values):.2f}" if values else "n/a"
    return f"{name}: count={len(values)} sum={total:.{precision}f} mean={mean}"


def main(argv):
    try:
        path, columns, precision = parse(argv)
    except UsageError as exc:
        print(f"csvsum: {exc}", file=sys.stderr)
        return 2
    try:
        rows = read_rows(path)
    except OSError as exc:
        print(f"csvsum: {path}: {exc.strerror}", file=sys.stderr)
        return 1
    header = rows[0] if rows else []
    selected = header if columns is None else columns
    unknown = [name for name in selected if name not in header]
    if unknown:
        print(f"csvsum: unknown columns: {', '.join(unknown)}", file=sys.stderr)
        return 2
    width = len(header)
    for number, row in enumerate(rows[1:], start=2):
        if len(row) > width:
            print(f"csvsum: row {number} has {len(row)} cells, expected {width}",
                  file=sys.stderr)
            return 1
    for name in selected:
        index = header.index(name)
        cells = [row[index] if index < len(row) else "" for row in rows[1:]]
        print(describe(name, cells, precision))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
