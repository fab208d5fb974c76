"""groupsum: Group objects, output rendered into a buffer first."""

import csv
import io
import sys


class Group:
    __slots__ = ("name", "count", "total")

    def __init__(self, name):
        self.name, self.count, self.total = name, 0, 0.0

    def add(self, x):
        self.count += 1
        self.total += x


def main(argv):
    args = list(argv)
    opts = {}
    for flag in ("--by", "--value", "--sort"):
        while flag in args:
            k = args.index(flag)
            if k + 1 >= len(args):
                print(f"groupsum: {flag} without value", file=sys.stderr)
                return 2
            opts[flag] = args[k + 1]
            del args[k:k + 2]
    if len(args) != 1 or args[0].startswith("-") or "--by" not in opts or "--value" not in opts:
        print("groupsum: bad arguments", file=sys.stderr)
        return 2
    sort = opts.get("--sort")
    if sort is not None and sort not in ("name", "count"):
        print(f"groupsum: cannot sort by {sort}", file=sys.stderr)
        return 2
    try:
        with open(args[0], newline="", encoding="utf-8") as fh:
            reader = csv.reader(fh)
            header = next(reader, [])
            body = list(reader)
    except OSError as exc:
        print(f"groupsum: {exc.strerror}: {args[0]}", file=sys.stderr)
        return 1
    try:
        ki, vi = header.index(opts["--by"]), header.index(opts["--value"])
    except ValueError:
        print("groupsum: unknown column", file=sys.stderr)
        return 2
    groups = []
    lookup = {}
    for row in body:
        raw = row[vi].strip() if len(row) > vi else ""
        if not raw:
            continue
        try:
            x = float(raw)
        except ValueError:
            print(f"groupsum: bad number {raw}", file=sys.stderr)
            return 1
        name = (row[ki].strip() if len(row) > ki else "") or "(blank)"
        if name not in lookup:
            lookup[name] = Group(name)
            groups.append(lookup[name])
        lookup[name].add(x)
    if sort == "count":
        buckets = {}
        for g in groups:
            buckets.setdefault(g.count, []).append(g)
        groups = [g for c in sorted(buckets, reverse=True) for g in buckets[c]]
    elif sort == "name":
        groups.sort(key=lambda g: g.name)
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["group", "count", "sum"])
    for g in groups:
        w.writerow([g.name, g.count, f"{g.total:.2f}"])
    sys.stdout.write(buf.getvalue())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
