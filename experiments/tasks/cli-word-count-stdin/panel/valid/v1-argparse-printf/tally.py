"""tally: argparse front end, printf-style columns."""

import argparse
import sys


def stats(text):
    lines = text.split("\n")
    return [text.count("\n"), len(text.split()), len(text), max(map(len, lines))]


def main(argv):
    parser = argparse.ArgumentParser(prog="tally")
    parser.add_argument("-l", action="store_true")
    parser.add_argument("-w", action="store_true")
    parser.add_argument("-m", action="store_true")
    parser.add_argument("-L", dest="longest", action="store_true")
    parser.add_argument("files", nargs="*")
    ns = parser.parse_args(argv)
    mask = [ns.l, ns.w, ns.m, ns.longest]
    if not any(mask):
        mask = [True, True, True, False]

    def fmt(values, label):
        cells = " ".join("%7d" % v for v, on in zip(values, mask) if on)
        return cells if label is None else cells + " " + label

    if not ns.files:
        print(fmt(stats(sys.stdin.read()), None))
        return 0
    agg = [0, 0, 0, 0]
    bad = False
    for name in ns.files:
        if name == "-":
            data = sys.stdin.read()
        else:
            try:
                with open(name, encoding="utf-8") as fh:
                    data = fh.read()
            except OSError as err:
                print(f"tally: cannot read {name}: {err}", file=sys.stderr)
                bad = True
                continue
        vals = stats(data)
        agg = [agg[0] + vals[0], agg[1] + vals[1], agg[2] + vals[2], max(agg[3], vals[3])]
        print(fmt(vals, name))
    if len(ns.files) > 1:
        print(fmt(agg, "total"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
