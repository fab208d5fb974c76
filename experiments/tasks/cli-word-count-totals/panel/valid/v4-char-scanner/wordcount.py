"""wc-like counter with a single-pass character scanner over decoded bytes."""

import sys
from pathlib import Path

OPTIONS = {"-l": 0, "-w": 1, "-c": 2}


def scan(text):
    lines = words = 0
    in_word = False
    for ch in text:
        if ch == "\n":
            lines += 1
        if ch.isspace():
            in_word = False
        elif not in_word:
            in_word = True
            words += 1
    return [lines, words, len(text)]


def main(argv):
    chosen = [False, False, False]
    names = []
    for arg in argv:
        if arg in OPTIONS:
            chosen[OPTIONS[arg]] = True
        elif arg.startswith("-"):
            print(f"error: bad option {arg}", file=sys.stderr)
            return 2
        else:
            names.append(arg)
    if not names:
        print("error: give at least one file", file=sys.stderr)
        return 2
    if chosen == [False, False, False]:
        chosen = [True, True, True]
    grand = [0, 0, 0]
    ok = True
    out = []
    for name in names:
        try:
            counts = scan(Path(name).read_bytes().decode("utf-8"))
        except OSError:
            print(f"error: {name} not found", file=sys.stderr)
            ok = False
            continue
        grand = [g + c for g, c in zip(grand, counts)]
        out.append(" ".join(str(n) for n, on in zip(counts, chosen) if on) + f" {name}")
    if len(names) > 1:
        out.append(" ".join(str(n) for n, on in zip(grand, chosen) if on) + " total")
    if out:
        print("\n".join(out))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
