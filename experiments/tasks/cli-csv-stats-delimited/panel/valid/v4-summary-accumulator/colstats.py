"""colstats: a Summary accumulator over csv.DictReader-like rows."""

import csv
import sys


class Summary:
    def __init__(self):
        self.values = []
        self.skipped = 0

    def feed(self, cell):
        if cell is None:
            self.skipped += 1
            return
        try:
            self.values.append(float(cell.strip()))
        except ValueError:
            self.skipped += 1

    def render(self):
        v = sorted(self.values)
        n = len(v)
        lo_mid, hi_mid = v[(n - 1) // 2], v[n // 2]
        nums = {
            "min": v[0],
            "max": v[-1],
            "mean": sum(v) / n,
            "median": (lo_mid + hi_mid) / 2,
        }
        shown = " ".join("%s=%s" % (k, format(x, ".6g")) for k, x in nums.items())
        return "n=%d %s skipped=%d" % (n, shown, self.skipped)


def fail(message, code):
    sys.stderr.write("colstats: " + message + "\n")
    return code


def main(argv):
    opts = {"delimiter": ",", "header": True}
    pos = []
    args = list(reversed(argv))
    while args:
        a = args.pop()
        if a == "--no-header":
            opts["header"] = False
        elif a == "--delimiter":
            if not args:
                return fail("--delimiter requires a value", 2)
            opts["delimiter"] = args.pop()
        elif a.startswith("--"):
            return fail("unsupported option " + a, 2)
        else:
            pos.append(a)
    delim = "\t" if opts["delimiter"] == "tab" else opts["delimiter"]
    if len(delim) != 1:
        return fail("delimiter must be 1 character", 2)
    if len(pos) != 2:
        return fail("need FILE COLUMN", 2)
    try:
        with open(pos[0], newline="", encoding="utf-8") as fh:
            rows = list(csv.reader(fh, delimiter=delim))
    except OSError as exc:
        return fail(str(exc), 1)
    if not rows:
        return fail("empty input", 2)
    if opts["header"]:
        names, data = rows[0], rows[1:]
        if pos[1] not in names:
            return fail("unknown column " + pos[1], 2)
        idx = names.index(pos[1])
    else:
        data = rows
        try:
            idx = int(pos[1]) - 1
        except ValueError:
            return fail("COLUMN must be a number with --no-header", 2)
        if not 0 <= idx < len(rows[0]):
            return fail("column number out of range", 2)
    summary = Summary()
    for row in data:
        summary.feed(row[idx] if idx < len(row) else None)
    if not summary.values:
        return fail("no numeric values", 1)
    print(summary.render())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
