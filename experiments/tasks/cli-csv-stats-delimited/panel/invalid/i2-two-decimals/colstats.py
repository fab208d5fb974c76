"""One-line summary of a numeric column of a delimited file."""

import csv
import sys


class UsageError(Exception):
    """The command line cannot be used."""


def parse(argv):
    delimiter = ","
    header = True
    positional = []
    args = iter(argv)
    for arg in args:
        if arg == "--delimiter":
            delimiter = next(args, None)
            if delimiter is None:
                raise UsageError("--delimiter needs a value")
        elif arg == "--no-header":
            header = False
        elif arg.startswith("--"):
            raise UsageError(f"unknown option {arg}")
        else:
            positional.append(arg)
    if delimiter == "tab":
        delimiter = "\t"
    if len(delimiter) != 1:
        raise UsageError("the delimiter must be one character")
    if len(positional) != 2:
        raise UsageError("expected FILE and COLUMN")
    return positional[0], positional[1], delimiter, header


def column_index(first_row, column, header):
    if header:
        if column not in first_row:
            raise UsageError(f"no column named {column!r}")
        return first_row.index(column)
    if not column.isdigit() or not 1 <= int(column) <= len(first_row):
        raise UsageError(f"column number out of range: {column}")
    return int(column) - 1


def median(values):
    ordered = sorted(values)
    mid = len(ordered) // 2
    if len(ordered) % 2:
        return ordered[mid]
    return (ordered[mid - 1] + ordered[mid]) / 2


def main(argv):
    try:
        path, column, delimiter, header = parse(argv)
    except UsageError as exc:
        print(f"colstats: {exc}", file=sys.stderr)
        return 2
    try:
        with open(path, newline="", encoding="utf-8") as handle:
            rows = list(csv.reader(handle, delimiter=delimiter))
    except OSError as exc:
        print(f"colstats: {path}: {exc.strerror}", file=sys.stderr)
        return 1
    try:
        index = column_index(rows[0] if rows else [], column, header)
    except UsageError as exc:
        print(f"colstats: {exc}", file=sys.stderr)
        return 2
    values = []
    skipped = 0
    for row in rows[1:] if header else rows:
        try:
            values.append(float(row[index].strip()))
        except (IndexError, ValueError):
            skipped += 1
    if not values:
        print("colstats: no numeric values", file=sys.stderr)
        return 1
    fields = [
        ("n", str(len(values))),
        ("min", format(min(values), ".2f")),
        ("max", format(max(values), ".2f")),
        ("mean", format(sum(values) / len(values), ".2f")),
        ("median", format(median(values), ".2f")),
        ("skipped", str(skipped)),
    ]
    print(" ".join(f"{key}={value}" for key, value in fields))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
