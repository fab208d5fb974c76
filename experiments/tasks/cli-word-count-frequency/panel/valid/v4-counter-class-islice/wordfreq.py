"""wordfreq: a WordCounter object and itertools.islice for --top."""

import argparse
import itertools
import re
import sys


class WordCounter:
    pattern = re.compile(r"[^\W_]+(?:'[^\W_]+)*")

    def __init__(self, fold=False, min_length=1):
        self.fold = fold
        self.min_length = min_length
        self.counts = {}

    def feed(self, text):
        for match in self.pattern.finditer(text):
            word = match.group()
            if self.fold:
                word = word.lower()
            if len(word) < self.min_length:
                continue
            self.counts[word] = self.counts.get(word, 0) + 1

    def ranking(self):
        by_count = {}
        for word, n in self.counts.items():
            by_count.setdefault(n, []).append(word)
        for n in sorted(by_count, reverse=True):
            for word in sorted(by_count[n]):
                yield n, word


def positive(raw):
    if not raw.strip().lstrip("+").isdigit() or int(raw) < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {raw!r}")
    return int(raw)


def main(argv):
    parser = argparse.ArgumentParser(prog="wordfreq")
    parser.add_argument("--top", type=positive)
    parser.add_argument("--min-length", type=positive, default=1)
    parser.add_argument("--ignore-case", action="store_true")
    parser.add_argument("paths", nargs="*")
    ns = parser.parse_args(argv)
    if not ns.paths:
        parser.error("at least one FILE is required")
    counter = WordCounter(ns.ignore_case, ns.min_length)
    texts = []
    for p in ns.paths:
        try:
            with open(p, encoding="utf-8") as fh:
                texts.append(fh.read())
        except OSError:
            print(f"{p}: cannot open", file=sys.stderr)
            return 1
    for t in texts:
        counter.feed(t)
    for n, word in itertools.islice(counter.ranking(), ns.top):
        print(f"{n} {word}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
