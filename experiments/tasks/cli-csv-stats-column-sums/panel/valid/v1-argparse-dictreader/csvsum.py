"""csvsum: argparse and DictReader (extra cells land under the None key)."""

import argparse
import csv
import sys


def main(argv):
    ap = argparse.ArgumentParser(prog="csvsum")
    ap.add_argument("file")
    ap.add_argument("--columns", type=lambda s: s.split(","))
    ap.add_argument("--precision", type=int, choices=range(0, 11), default=2)
    ns = ap.parse_args(argv)
    try:
        fh = open(ns.file, newline="", encoding="utf-8")
    except OSError as err:
        print(f"csvsum: {err}", file=sys.stderr)
        return 1
    with fh:
        reader = csv.DictReader(fh, restval="", restkey=None)
        header = reader.fieldnames or []
        wanted = ns.columns if ns.columns is not None else list(header)
        missing = [c for c in wanted if c not in header]
        if missing:
            print("csvsum: not in header: " + " ".join(missing), file=sys.stderr)
            return 2
        records = []
        for rec in reader:
            if None in rec:
                print(f"csvsum: too many cells in row {len(records) + 2}", file=sys.stderr)
                return 1
            records.append(rec)
    p = ns.precision
    for col in wanted:
        nums = []
        ok = True
        for rec in records:
            text = rec[col].strip()
            if text:
                try:
                    nums.append(float(text))
                except ValueError:
                    ok = False
                    break
        if not ok:
            print(f"{col}: not numeric")
            continue
        s = sum(nums)
        mean = format(s / len(nums), f".{p}f") if nums else "n/a"
        print(f"{col}: count={len(nums)} sum={format(s, f'.{p}f')} mean={mean}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
