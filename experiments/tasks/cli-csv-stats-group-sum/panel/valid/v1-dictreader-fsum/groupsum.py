"""groupsum: DictReader, argparse choices, fsum per group."""

import argparse
import csv
import math
import sys


def main(argv):
    ap = argparse.ArgumentParser(prog="groupsum")
    ap.add_argument("file")
    ap.add_argument("--by", required=True)
    ap.add_argument("--value", required=True)
    ap.add_argument("--sort", choices=["name", "count"], default=None)
    ns = ap.parse_args(argv)
    try:
        fh = open(ns.file, newline="", encoding="utf-8")
    except OSError as err:
        print(f"groupsum: {err}", file=sys.stderr)
        return 1
    with fh:
        reader = csv.DictReader(fh, restval="")
        names = reader.fieldnames or []
        missing = [c for c in (ns.by, ns.value) if c not in names]
        if missing:
            print("groupsum: no such column: " + ", ".join(missing), file=sys.stderr)
            return 2
        values = {}
        for rec in reader:
            text = (rec[ns.value] or "").strip()
            if not text:
                continue
            try:
                number = float(text)
            except ValueError:
                print(f"groupsum: cannot add {text}", file=sys.stderr)
                return 1
            group = (rec[ns.by] or "").strip() or "(blank)"
            values.setdefault(group, []).append(number)
    keys = list(values)
    if ns.sort == "name":
        keys = sorted(keys)
    elif ns.sort == "count":
        keys = sorted(keys, key=lambda g: len(values[g]), reverse=True)
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(("group", "count", "sum"))
    out.writerows((g, len(values[g]), "%.2f" % math.fsum(values[g])) for g in keys)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
