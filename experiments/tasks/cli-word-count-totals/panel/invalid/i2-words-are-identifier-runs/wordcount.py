"""A small wc-like command: count lines, words and characters of files."""

import argparse
import re
import sys


def count(text):
    """Return (lines, words, chars) for a text."""
    return text.count("\n"), len(re.findall(r"\w+", text)), len(text)


def build_parser():
    parser = argparse.ArgumentParser(prog="wordcount", add_help=False)
    parser.add_argument("-l", dest="lines", action="store_true")
    parser.add_argument("-w", dest="words", action="store_true")
    parser.add_argument("-c", dest="chars", action="store_true")
    parser.add_argument("files", nargs="*")
    return parser


def format_row(counts, selected, label):
    fields = [str(n) for n, keep in zip(counts, selected) if keep]
    return " ".join(fields + [label])


def main(argv):
    try:
        args = build_parser().parse_args(argv)
    except SystemExit:
        return 2
    if not args.files:
        print("wordcount: no input files", file=sys.stderr)
        return 2
    selected = [args.lines, args.words, args.chars]
    if not any(selected):
        selected = [True, True, True]
    status = 0
    total = [0, 0, 0]
    for name in args.files:
        try:
            with open(name, encoding="utf-8") as handle:
                text = handle.read()
        except OSError as exc:
            print(f"wordcount: {name}: {exc.strerror}", file=sys.stderr)
            status = 1
            continue
        counts = count(text)
        total = [a + b for a, b in zip(total, counts)]
        print(format_row(counts, selected, name))
    if len(args.files) > 1:
        print(format_row(total, selected, "total"))
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
