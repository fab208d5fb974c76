"""wordfreq: hand-written scanner and option parser."""

import sys


def scan(text):
    """Split text into words: alnum runs joined by single inner apostrophes."""
    words = []
    current = ""
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch.isalnum():
            current += ch
        elif ch == "'" and current and i + 1 < n and text[i + 1].isalnum():
            current += ch
        else:
            if current:
                words.append(current)
            current = ""
        i += 1
    if current:
        words.append(current)
    return words


def parse(argv):
    opts = {"top": None, "min": 1, "fold": False}
    files = []
    it = iter(argv)
    for arg in it:
        if arg == "--ignore-case":
            opts["fold"] = True
        elif arg in ("--top", "--min-length"):
            raw = next(it, None)
            if raw is None or not raw.isdigit() or int(raw) < 1:
                raise ValueError(f"{arg} needs a positive integer")
            opts["top" if arg == "--top" else "min"] = int(raw)
        elif arg.startswith("--"):
            raise ValueError(f"unknown option {arg}")
        else:
            files.append(arg)
    if not files:
        raise ValueError("no input files")
    return opts, files


def main(argv):
    try:
        opts, files = parse(argv)
    except ValueError as err:
        print(f"usage error: {err}", file=sys.stderr)
        return 2
    table = {}
    contents = []
    for name in files:
        try:
            with open(name, encoding="utf-8") as fh:
                contents.append(fh.read())
        except OSError:
            print(f"cannot read {name}", file=sys.stderr)
            return 1
    for text in contents:
        for word in scan(text):
            if opts["fold"]:
                word = word.lower()
            if len(word) >= opts["min"]:
                table[word] = table.get(word, 0) + 1
    ordered = sorted(table)
    ordered.sort(key=lambda w: table[w], reverse=True)
    if opts["top"] is not None:
        ordered = ordered[: opts["top"]]
    for word in ordered:
        print(table[word], word)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
