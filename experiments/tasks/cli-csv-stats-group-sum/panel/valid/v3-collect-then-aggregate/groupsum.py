"""groupsum: collect (key, value) pairs first, aggregate with Counter-like dicts."""

import csv
import sys
from collections import defaultdict

SORTS = {None, "name", "count"}


class Usage(Exception):
    pass


def options(argv):
    flags = {}
    positional = []
    it = iter(argv)
    for a in it:
        if a.startswith("--"):
            if a not in ("--by", "--value", "--sort"):
                raise Usage(f"unknown option {a}")
            flags[a[2:]] = next(it, None)
            if flags[a[2:]] is None:
                raise Usage(f"{a} needs a value")
        else:
            positional.append(a)
    if len(positional) != 1 or "by" not in flags or "value" not in flags:
        raise Usage("need FILE, --by and --value")
    if flags.get("sort") not in SORTS:
        raise Usage("--sort must be name or count")
    return positional[0], flags["by"], flags["value"], flags.get("sort")


def pairs(rows, ki, vi):
    for row in rows:
        cells = row + [""] * (max(ki, vi) + 1 - len(row))
        yield cells[ki].strip(), cells[vi].strip()


def main(argv):
    try:
        path, by, col, sort = options(argv)
    except Usage as exc:
        print(f"groupsum: {exc}", file=sys.stderr)
        return 2
    try:
        with open(path, newline="", encoding="utf-8") as fh:
            rows = list(csv.reader(fh))
    except OSError:
        print(f"groupsum: {path}: unreadable", file=sys.stderr)
        return 1
    if not rows or by not in rows[0] or col not in rows[0]:
        print("groupsum: column not found", file=sys.stderr)
        return 2
    collected = []
    for key, raw in pairs(rows[1:], rows[0].index(by), rows[0].index(col)):
        if not raw:
            continue
        try:
            collected.append((key or "(blank)", float(raw)))
        except ValueError:
            print(f"groupsum: {raw}?", file=sys.stderr)
            return 1
    first_seen = {}
    count = defaultdict(int)
    total = defaultdict(float)
    for pos, (key, x) in enumerate(collected):
        first_seen.setdefault(key, pos)
        count[key] += 1
        total[key] += x
    if sort == "name":
        order = sorted(first_seen)
    elif sort == "count":
        order = sorted(first_seen, key=lambda k: (-count[k], first_seen[k]))
    else:
        order = sorted(first_seen, key=first_seen.get)
    writer = csv.writer(sys.stdout, lineterminator="\n")
    writer.writerows([["group", "count", "sum"]] +
                     [[k, count[k], f"{total[k]:.2f}"] for k in order])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
