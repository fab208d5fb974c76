"""Sum a numeric CSV column per group."""

import argparse
import csv
import sys

BLANK = "(blank)"


def parse_args(argv):
    parser = argparse.ArgumentParser(prog="groupsum", add_help=False)
    parser.add_argument("file")
    parser.add_argument("--by", required=True)
    parser.add_argument("--value", required=True)
    parser.add_argument("--sort", choices=("name", "count"))
    try:
        return parser.parse_args(argv)
    except SystemExit:
        return None


def cell(row, index):
    return row[index].strip() if index < len(row) else ""


def main(argv):
    args = parse_args(argv)
    if args is None:
        return 2
    try:
        with open(args.file, newline="", encoding="utf-8") as handle:
            rows = list(csv.reader(handle))
    except OSError as exc:
        print(f"groupsum: {args.file}: {exc.strerror}", file=sys.stderr)
        return 1
    header = rows[0] if rows else []
    for name in (args.by, args.value):
        if name not in header:
            print(f"groupsum: unknown column {name!r}", file=sys.stderr)
            return 2
    key_at, value_at = header.index(args.by), header.index(args.value)
    groups = {}
    for row in rows[1:]:
        raw = cell(row, value_at)
        if not raw:
            continue
        try:
            value = float(raw)
        except ValueError:
            print(f"groupsum: not a number: {raw!r}", file=sys.stderr)
            return 1
        key = cell(row, key_at) or BLANK
        count, total = groups.get(key, (0, 0.0))
        groups[key] = (count + 1, total + value)
    order = list(groups)
    if args.sort == "name":
        order.sort()
    elif args.sort == "count":
        order.sort(key=lambda k: (groups[k][0], k), reverse=True)
    writer = csv.writer(sys.stdout, lineterminator="\n")
    writer.writerow(["group", "count", "sum"])
    for key in order:
        count, total = groups[key]
        writer.writerow([key, count, f"{total:.2f}"])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
