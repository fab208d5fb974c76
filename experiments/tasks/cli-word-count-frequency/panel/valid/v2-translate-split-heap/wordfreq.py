"""wordfreq: translate-and-split tokenizer, heap-based top N."""

import argparse
import heapq
import re
import sys
from collections import Counter

APOSTROPHE_RUNS = re.compile(r"'{2,}")


def tokens(text):
    cleaned = "".join(ch if ch.isalnum() or ch == "'" else " " for ch in text)
    for chunk in cleaned.split():
        for piece in APOSTROPHE_RUNS.split(chunk):
            piece = piece.strip("'")
            if piece:
                yield piece


def at_least_one(raw):
    try:
        value = int(raw)
    except ValueError:
        raise argparse.ArgumentTypeError("not an integer") from None
    if value <= 0:
        raise argparse.ArgumentTypeError("must be positive")
    return value


def main(argv):
    ap = argparse.ArgumentParser(prog="wordfreq", description="word frequencies")
    ap.add_argument("files", nargs="+", metavar="FILE")
    ap.add_argument("--top", type=at_least_one, default=None)
    ap.add_argument("--min-length", type=at_least_one, default=1, dest="min_len")
    ap.add_argument("--ignore-case", action="store_true", dest="fold")
    ns = ap.parse_args(argv)
    tally = Counter()
    for path in ns.files:
        try:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
        except OSError as exc:
            sys.stderr.write(f"wordfreq: {exc}\n")
            return 1
        for tok in tokens(text):
            tok = tok.lower() if ns.fold else tok
            if len(tok) >= ns.min_len:
                tally[tok] += 1
    key = lambda kv: (-kv[1], kv[0])  # noqa: E731
    if ns.top is None:
        rows = sorted(tally.items(), key=key)
    else:
        rows = heapq.nsmallest(ns.top, tally.items(), key=key)
    sys.stdout.write("".join(f"{c} {w}\n" for w, c in rows))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
