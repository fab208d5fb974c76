"""wordfreq: reads each file as it goes, defaultdict counts."""

import re
import sys
from collections import defaultdict

TOKEN = re.compile(r"[^\W_]+(?:'[^\W_]+)*")


def option_value(argv, i, name):
    if i + 1 >= len(argv):
        print(f"wordfreq: {name} expects a value", file=sys.stderr)
        raise SystemExit(2)
    raw = argv[i + 1]
    try:
        val = int(raw)
    except ValueError:
        val = 0
    if val < 1:
        print(f"wordfreq: bad value for {name}: {raw!r}", file=sys.stderr)
        raise SystemExit(2)
    return val


def main(argv):
    top, min_len, fold, files = None, 1, False, []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--top":
            top = option_value(argv, i, a)
            i += 2
            continue
        if a == "--min-length":
            min_len = option_value(argv, i, a)
            i += 2
            continue
        if a == "--ignore-case":
            fold = True
        elif a.startswith("-"):
            print(f"wordfreq: unrecognised {a}", file=sys.stderr)
            return 2
        else:
            files.append(a)
        i += 1
    if not files:
        print("wordfreq: nothing to read", file=sys.stderr)
        return 2
    counts = defaultdict(int)
    pending = defaultdict(int)
    for path in files:
        try:
            fh = open(path, encoding="utf-8")
        except OSError:
            print(f"wordfreq: {path} is not readable", file=sys.stderr)
            return 1
        with fh:
            for line in fh:
                for w in TOKEN.findall(line):
                    w = w.lower() if fold else w
                    if len(w) >= min_len:
                        pending[w] += 1
    counts.update(pending)
    lines = [f"{n} {w}" for w, n in sorted(counts.items(), key=lambda p: (-p[1], p[0]))]
    if top is not None:
        del lines[top:]
    if lines:
        print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
