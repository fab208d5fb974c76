"""wc-like counter; argparse reports usage errors itself."""

import argparse
import re
import sys

WORD = re.compile(r"\S+")


def main(argv):
    parser = argparse.ArgumentParser(prog="wordcount")
    parser.add_argument("-l", action="store_true", help="count lines")
    parser.add_argument("-w", action="store_true", help="count words")
    parser.add_argument("-c", action="store_true", help="count characters")
    parser.add_argument("files", nargs="*")
    args = parser.parse_args(argv)
    if not args.files:
        parser.error("at least one FILE is required")
    flags = (args.l, args.w, args.c) if (args.l or args.w or args.c) else (True, True, True)
    rows = []
    sums = [0, 0, 0]
    failed = False
    for name in args.files:
        try:
            with open(name, encoding="utf-8") as fh:
                data = fh.read()
        except OSError:
            print(f"wordcount: cannot open '{name}'", file=sys.stderr)
            failed = True
            continue
        counts = (data.count("\n"), len(WORD.findall(data)), len(data))
        sums = [s + c for s, c in zip(sums, counts)]
        rows.append((counts, name))
    if len(args.files) > 1:
        rows.append((tuple(sums), "total"))
    for counts, label in rows:
        print(*[c for c, on in zip(counts, flags) if on], label)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
