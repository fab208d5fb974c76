"""csvstats: DictReader and the statistics module; argparse owns usage errors."""

import argparse
import csv
import statistics
import sys


def main(argv):
    parser = argparse.ArgumentParser(prog="csvstats")
    parser.add_argument("file")
    parser.add_argument("--column", required=True)
    args = parser.parse_args(argv)
    try:
        fh = open(args.file, newline="", encoding="utf-8")
    except OSError as err:
        print(f"csvstats: cannot open {args.file}: {err}", file=sys.stderr)
        return 1
    with fh:
        reader = csv.DictReader(fh, restval="")
        if args.column not in (reader.fieldnames or []):
            print(f"csvstats: unknown column {args.column}", file=sys.stderr)
            return 2
        values, gaps = [], 0
        for record in reader:
            text = (record.get(args.column) or "").strip()
            if text == "":
                gaps += 1
                continue
            try:
                values.append(float(text))
            except ValueError:
                print(f"csvstats: bad value {text}", file=sys.stderr)
                return 1
    if values:
        stats = [statistics.fmean(values), min(values), max(values)]
        shown = [format(v, ".2f") for v in stats]
    else:
        shown = ["n/a"] * 3
    print(f"count: {len(values)}\nmissing: {gaps}")
    for label, text in zip(("mean", "min", "max"), shown):
        print(f"{label}: {text}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
