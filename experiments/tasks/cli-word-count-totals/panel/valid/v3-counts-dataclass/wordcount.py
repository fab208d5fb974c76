"""wc-like counter built on a small Counts value type."""

import functools
import sys
from dataclasses import dataclass


@dataclass(frozen=True)
class Counts:
    lines: int = 0
    words: int = 0
    chars: int = 0

    def __add__(self, other):
        return Counts(self.lines + other.lines, self.words + other.words,
                      self.chars + other.chars)

    @classmethod
    def of(cls, text):
        return cls(text.count("\n"), len(text.split()), len(text))


def parse_options(argv):
    """Accept -l/-w/-c alone or combined (-lw); everything else after is a file."""
    flags, files = [], []
    for arg in argv:
        if len(arg) > 1 and arg[0] == "-" and not files:
            for ch in arg[1:]:
                if ch not in "lwc":
                    raise ValueError(f"unknown option -{ch}")
                flags.append(ch)
        else:
            files.append(arg)
    if not files:
        raise ValueError("missing FILE operand")
    return set(flags) or set("lwc"), files


def main(argv):
    try:
        flags, files = parse_options(argv)
    except ValueError as problem:
        print(f"wordcount: {problem}", file=sys.stderr)
        return 2
    results = []
    missing = []
    for name in files:
        try:
            with open(name, encoding="utf-8") as stream:
                results.append((name, Counts.of(stream.read())))
        except OSError:
            missing.append(name)
            print(f"wordcount: {name}: unreadable", file=sys.stderr)
    if len(files) > 1:
        results.append(("total", functools.reduce(lambda a, b: a + b,
                                                  (c for _, c in results), Counts())))
    for label, c in results:
        cols = [v for k, v in (("l", c.lines), ("w", c.words), ("c", c.chars)) if k in flags]
        print(" ".join(map(str, cols)), label)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
