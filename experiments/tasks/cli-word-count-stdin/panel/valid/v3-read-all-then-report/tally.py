"""tally: read everything first, then report."""

import functools
import sys

ALL = ("-l", "-w", "-m", "-L")


def inputs(names):
    """Yield (name, text or None) pairs; None means unreadable."""
    for name in names:
        if name == "-":
            yield name, sys.stdin.read()
            continue
        try:
            with open(name, encoding="utf-8") as fh:
                yield name, fh.read()
        except OSError:
            yield name, None


def counts_of(text):
    longest = 0
    for piece in text.split("\n"):
        longest = max(longest, len(piece))
    return (text.count("\n"), len(text.split()), len(text), longest)


def combine(a, b):
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], max(a[3], b[3]))


def main(argv):
    opts = [a for a in argv if a.startswith("-") and a != "-"]
    files = [a for a in argv if not (a.startswith("-") and a != "-")]
    unknown = [o for o in opts if o not in ALL]
    if unknown:
        print("tally: invalid option -- " + unknown[0].lstrip("-"), file=sys.stderr)
        return 2
    pick = [o in opts for o in ALL]
    if not any(pick):
        pick = [True, True, True, False]

    def line(c, tail):
        text = " ".join(format(v, "7d") for v, p in zip(c, pick) if p)
        return text + tail

    if not files:
        print(line(counts_of(sys.stdin.read()), ""))
        return 0
    good = []
    failed = []
    for name, text in inputs(files):
        if text is None:
            failed.append(name)
            print(f"tally: {name}: No such file or unreadable", file=sys.stderr)
        else:
            good.append((name, counts_of(text)))
    out = [line(c, " " + n) for n, c in good]
    if len(files) > 1:
        total = functools.reduce(combine, [c for _, c in good], (0, 0, 0, 0))
        out.append(line(total, " total"))
    print("\n".join(out))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
