"""Print word frequencies of text files, most frequent first."""

import argparse
import re
import sys
from collections import Counter

WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")


def positive_int(text):
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def build_parser():
    parser = argparse.ArgumentParser(prog="wordfreq")
    parser.add_argument("--top", type=positive_int)
    parser.add_argument("--min-length", type=positive_int, default=1)
    parser.add_argument("--ignore-case", action="store_true")
    parser.add_argument("files", nargs="+")
    return parser


def words_in(text, ignore_case):
    for word in WORD.findall(text):
        yield word.lower()


def main(argv):
    args = build_parser().parse_args(argv)
    texts = []
    for name in args.files:
        try:
            with open(name, encoding="utf-8") as handle:
                texts.append(handle.read())
        except OSError as exc:
            print(f"wordfreq: {name}: {exc.strerror}", file=sys.stderr)
            return 1
    counts = Counter()
    for text in texts:
        counts.update(
            w for w in words_in(text, args.ignore_case) if len(w) >= args.min_length
        )
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    if args.top is not None:
        ranked = ranked[: args.top]
    for word, count in ranked:
        print(f"{count} {word}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
