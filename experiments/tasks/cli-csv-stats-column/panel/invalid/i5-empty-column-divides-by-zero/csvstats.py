"""Summarise one numeric column of a CSV file."""

import argparse
import csv
import sys


def parse_args(argv):
    parser = argparse.ArgumentParser(prog="csvstats", add_help=False)
    parser.add_argument("file")
    parser.add_argument("--column", required=True)
    try:
        return parser.parse_args(argv)
    except SystemExit:
        return None


def fmt(value):
    return "n/a" if value is None else f"{value:.2f}"


def main(argv):
    args = parse_args(argv)
    if args is None:
        return 2
    try:
        with open(args.file, newline="", encoding="utf-8") as handle:
            rows = list(csv.reader(handle))
    except OSError as exc:
        print(f"csvstats: {args.file}: {exc.strerror}", file=sys.stderr)
        return 1
    if not rows or args.column not in rows[0]:
        print(f"csvstats: no column named {args.column!r}", file=sys.stderr)
        return 2
    index = rows[0].index(args.column)
    numbers = []
    missing = 0
    for row in rows[1:]:
        cell = row[index].strip() if index < len(row) else ""
        if not cell:
            missing += 1
            continue
        try:
            numbers.append(float(cell))
        except ValueError:
            print(f"csvstats: not a number: {cell!r}", file=sys.stderr)
            return 1
    mean = sum(numbers) / len(numbers)
    print(f"count: {len(numbers)}")
    print(f"missing: {missing}")
    print(f"mean: {fmt(mean)}")
    print(f"min: {fmt(min(numbers) if numbers else None)}")
    print(f"max: {fmt(max(numbers) if numbers else None)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
