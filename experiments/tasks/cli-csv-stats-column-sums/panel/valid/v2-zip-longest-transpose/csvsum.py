"""csvsum: transpose rows into columns with zip_longest."""

import csv
import itertools
import sys


def column_report(name, cells, p):
    texts = [c.strip() for c in cells if c.strip()]
    try:
        nums = [float(t) for t in texts]
    except ValueError:
        return f"{name}: not numeric"
    total = sum(nums)
    avg = "n/a" if not nums else "%.*f" % (p, total / len(nums))
    return "%s: count=%d sum=%.*f mean=%s" % (name, len(nums), p, total, avg)


def main(argv):
    file_arg, cols, prec = None, None, "2"
    i = 0
    while i < len(argv):
        tok = argv[i]
        if tok == "--columns" and i + 1 < len(argv):
            cols = argv[i + 1].split(",")
            i += 2
        elif tok == "--precision" and i + 1 < len(argv):
            prec = argv[i + 1]
            i += 2
        elif tok.startswith("-") or file_arg is not None:
            print("usage: csvsum.py FILE [--columns NAMES] [--precision P]", file=sys.stderr)
            return 2
        else:
            file_arg = tok
            i += 1
    if file_arg is None or prec not in [str(n) for n in range(11)]:
        print("usage: csvsum.py FILE [--columns NAMES] [--precision P]", file=sys.stderr)
        return 2
    try:
        with open(file_arg, newline="", encoding="utf-8") as fh:
            header, *body = list(csv.reader(fh)) or [[]]
    except OSError:
        print(f"csvsum: cannot open {file_arg}", file=sys.stderr)
        return 1
    for n, row in enumerate(body, 2):
        if len(row) > len(header):
            print(f"csvsum: line {n}: too many fields", file=sys.stderr)
            return 1
    names = header if cols is None else cols
    bad = [c for c in names if c not in header]
    if bad:
        print(f"csvsum: no such column(s): {bad}", file=sys.stderr)
        return 2
    if body:
        columns = list(itertools.zip_longest(*body, fillvalue=""))
        columns += [()] * (len(header) - len(columns))
    else:
        columns = [()] * len(header)
    by_name = {}
    for name, cells in zip(header, columns):
        by_name.setdefault(name, cells)
    for name in names:
        print(column_report(name, by_name[name], int(prec)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
