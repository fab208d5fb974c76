"""Count lines, words, characters and the longest line of files or standard input."""

import sys

FLAGS = {"-l": "lines", "-w": "words", "-m": "chars", "-L": "longest"}
ORDER = ("lines", "words", "chars", "longest")


def measure(text):
    return {
        "lines": text.count("\n"),
        "words": len(text.split()),
        "chars": len(text),
        "longest": max(len(line) for line in text.split("\n")),
    }


def render(counts, keys, name=None):
    line = " ".join(f"{counts[k]:<7}" for k in keys)
    return line if name is None else f"{line} {name}"


def read_input(name):
    if name == "-":
        return sys.stdin.read()
    with open(name, encoding="utf-8") as handle:
        return handle.read()


def main(argv):
    wanted = set()
    names = []
    for arg in argv:
        if arg in FLAGS:
            wanted.add(FLAGS[arg])
        elif arg.startswith("-") and arg != "-":
            print(f"tally: unknown option {arg}", file=sys.stderr)
            return 2
        else:
            names.append(arg)
    keys = [k for k in ORDER if k in wanted] or ["lines", "words", "chars"]
    if not names:
        print(render(measure(sys.stdin.read()), keys))
        return 0
    status = 0
    total = {"lines": 0, "words": 0, "chars": 0, "longest": 0}
    for name in names:
        try:
            text = read_input(name)
        except OSError as exc:
            print(f"tally: {name}: {exc.strerror}", file=sys.stderr)
            status = 1
            continue
        counts = measure(text)
        for key in ("lines", "words", "chars"):
            total[key] += counts[key]
        total["longest"] = max(total["longest"], counts["longest"])
        print(render(counts, keys, name))
    if len(names) > 1:
        print(render(total, keys, "total"))
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
