"""csvsum: one streaming pass with per-column accumulators."""

import csv
import sys


class Acc:
    def __init__(self):
        self.n = 0
        self.total = 0.0
        self.broken = False

    def push(self, text):
        text = text.strip()
        if not text or self.broken:
            return
        try:
            x = float(text)
        except ValueError:
            self.broken = True
            return
        self.n += 1
        self.total += x

    def line(self, name, p):
        if self.broken:
            return f"{name}: not numeric"
        mean = f"{self.total / self.n:.{p}f}" if self.n else "n/a"
        return f"{name}: count={self.n} sum={self.total:.{p}f} mean={mean}"


def options(argv):
    rest = list(argv)
    out = {"columns": None, "precision": 2}
    for flag in ("--columns", "--precision"):
        if flag in rest:
            k = rest.index(flag)
            if k + 1 >= len(rest):
                raise ValueError(flag + " without value")
            out[flag[2:]] = rest[k + 1]
            del rest[k:k + 2]
    if len(rest) != 1 or rest[0].startswith("-"):
        raise ValueError("exactly one FILE expected")
    p = out["precision"]
    if isinstance(p, str):
        if not (p.isdigit() and 0 <= int(p) <= 10):
            raise ValueError("precision out of range")
        p = int(p)
    cols = out["columns"].split(",") if out["columns"] is not None else None
    return rest[0], cols, p


def main(argv):
    try:
        path, cols, p = options(argv)
    except ValueError as exc:
        print(f"csvsum: {exc}", file=sys.stderr)
        return 2
    try:
        fh = open(path, newline="", encoding="utf-8")
    except OSError:
        print(f"csvsum: {path} unreadable", file=sys.stderr)
        return 1
    with fh:
        reader = csv.reader(fh)
        header = next(reader, [])
        wanted = header if cols is None else cols
        unknown = [c for c in wanted if c not in header]
        if unknown:
            print("csvsum: unknown " + ",".join(unknown), file=sys.stderr)
            return 2
        accs = [Acc() for _ in header]
        for rowno, row in enumerate(reader, start=2):
            if len(row) > len(header):
                print(f"csvsum: row {rowno} is too long", file=sys.stderr)
                return 1
            for acc, cell in zip(accs, row):
                acc.push(cell)
    first = {}
    for i, name in enumerate(header):
        first.setdefault(name, accs[i])
    sys.stdout.write("".join(first[c].line(c, p) + "\n" for c in wanted))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
