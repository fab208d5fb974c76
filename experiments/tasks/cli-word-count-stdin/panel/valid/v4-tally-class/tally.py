"""tally: a small Tally accumulator class."""

import sys


class Tally:
    FIELDS = ("lines", "words", "chars", "longest")

    def __init__(self, lines=0, words=0, chars=0, longest=0):
        self.lines, self.words, self.chars, self.longest = lines, words, chars, longest

    @classmethod
    def from_text(cls, text):
        return cls(text.count("\n"), len(text.split()), len(text),
                   max(map(len, text.splitlines()), default=0))

    def merge(self, other):
        self.lines += other.lines
        self.words += other.words
        self.chars += other.chars
        self.longest = max(self.longest, other.longest)

    def show(self, fields):
        return " ".join("{:>7}".format(getattr(self, f)) for f in fields)


OPTION_FIELD = {"-l": "lines", "-w": "words", "-m": "chars", "-L": "longest"}


def main(argv):
    fields = set()
    paths = []
    for a in argv:
        if a in OPTION_FIELD:
            fields.add(OPTION_FIELD[a])
            continue
        if a.startswith("-") and len(a) > 1:
            sys.stderr.write("tally: bad usage: " + a + "\n")
            return 2
        paths.append(a)
    order = [f for f in Tally.FIELDS if f in fields] or list(Tally.FIELDS[:3])
    if not paths:
        print(Tally.from_text(sys.stdin.read()).show(order))
        return 0
    grand = Tally()
    code = 0
    for p in paths:
        try:
            src = sys.stdin if p == "-" else open(p, encoding="utf-8")
        except OSError:
            sys.stderr.write(f"tally: skipping {p}\n")
            code = 1
            continue
        with src if p != "-" else _Keep(src) as fh:
            t = Tally.from_text(fh.read())
        grand.merge(t)
        print(t.show(order), p)
    if len(paths) > 1:
        print(grand.show(order), "total")
    return code


class _Keep:
    """Context manager that leaves standard input open."""

    def __init__(self, stream):
        self.stream = stream

    def __enter__(self):
        return self.stream

    def __exit__(self, *exc):
        return False


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
