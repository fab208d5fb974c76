"""groupsum: parallel lists with an index map, hand-parsed options."""

import csv
import sys


def read_options(argv):
    want = {"--by": None, "--value": None, "--sort": None}
    files = []
    i = 0
    while i < len(argv):
        tok = argv[i]
        if tok in want:
            if i + 1 == len(argv):
                return None
            want[tok] = argv[i + 1]
            i += 2
        elif tok.startswith("-"):
            return None
        else:
            files.append(tok)
            i += 1
    if len(files) != 1 or want["--by"] is None or want["--value"] is None:
        return None
    if want["--sort"] not in (None, "name", "count"):
        return None
    return files[0], want["--by"], want["--value"], want["--sort"]


def main(argv):
    opts = read_options(argv)
    if opts is None:
        sys.stderr.write("usage: groupsum.py FILE --by KEY --value COL [--sort name|count]\n")
        return 2
    path, by, col, sort = opts
    try:
        with open(path, newline="", encoding="utf-8") as fh:
            table = list(csv.reader(fh))
    except OSError:
        sys.stderr.write(f"groupsum: cannot read {path}\n")
        return 1
    head = table[0] if table else []
    if by not in head or col not in head:
        sys.stderr.write("groupsum: KEY or COL is not a column\n")
        return 2
    ki, vi = head.index(by), head.index(col)
    names, counts, sums, where = [], [], [], {}
    for row in table[1:]:
        v = row[vi].strip() if vi < len(row) else ""
        if v == "":
            continue
        try:
            x = float(v)
        except ValueError:
            sys.stderr.write(f"groupsum: value {v} is not numeric\n")
            return 1
        k = row[ki].strip() if ki < len(row) else ""
        k = k if k else "(blank)"
        if k not in where:
            where[k] = len(names)
            names.append(k)
            counts.append(0)
            sums.append(0.0)
        j = where[k]
        counts[j] += 1
        sums[j] += x
    idx = list(range(len(names)))
    if sort == "name":
        idx.sort(key=lambda j: names[j])
    elif sort == "count":
        idx.sort(key=lambda j: (-counts[j], j))
    w = csv.writer(sys.stdout, lineterminator="\n")
    w.writerow(["group", "count", "sum"])
    for j in idx:
        w.writerow([names[j], str(counts[j]), format(sums[j], ".2f")])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
