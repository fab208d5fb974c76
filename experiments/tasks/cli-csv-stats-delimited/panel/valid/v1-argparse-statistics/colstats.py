"""colstats: argparse and the statistics module."""

import argparse
import csv
import statistics
import sys


def delimiter_type(raw):
    value = "\t" if raw == "tab" else raw
    if len(value) != 1:
        raise argparse.ArgumentTypeError("delimiter must be a single character")
    return value


def main(argv):
    ap = argparse.ArgumentParser(prog="colstats")
    ap.add_argument("file")
    ap.add_argument("column")
    ap.add_argument("--delimiter", type=delimiter_type, default=",")
    ap.add_argument("--no-header", action="store_true")
    ns = ap.parse_args(argv)
    try:
        with open(ns.file, newline="", encoding="utf-8") as fh:
            table = list(csv.reader(fh, delimiter=ns.delimiter))
    except OSError as err:
        print(f"colstats: {err}", file=sys.stderr)
        return 1
    first = table[0] if table else []
    if ns.no_header:
        try:
            idx = int(ns.column) - 1
        except ValueError:
            idx = -1
        if not 0 <= idx < len(first):
            ap.error(f"column {ns.column} does not exist")
        body = table
    else:
        if ns.column not in first:
            ap.error(f"column {ns.column} does not exist")
        idx = first.index(ns.column)
        body = table[1:]
    nums = []
    for row in body:
        text = row[idx].strip() if idx < len(row) else ""
        try:
            nums.append(float(text))
        except ValueError:
            pass
    if not nums:
        print("colstats: nothing numeric in that column", file=sys.stderr)
        return 1
    g = lambda x: format(x, ".6g")  # noqa: E731
    print(f"n={len(nums)} min={g(min(nums))} max={g(max(nums))} "
          f"mean={g(statistics.fmean(nums))} median={g(statistics.median(nums))} "
          f"skipped={len(body) - len(nums)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
