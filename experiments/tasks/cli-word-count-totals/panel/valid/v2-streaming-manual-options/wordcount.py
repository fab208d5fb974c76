"""wc-like counter that streams each file line by line."""

import sys

USAGE = "usage: wordcount [-l] [-w] [-c] FILE..."


def parse(argv):
    wanted = set()
    files = []
    for arg in argv:
        if arg in ("-l", "-w", "-c"):
            wanted.add(arg[1])
        elif arg.startswith("-") and arg != "-":
            return None
        else:
            files.append(arg)
    if not files:
        return None
    return (wanted or {"l", "w", "c"}), files


def count_file(name):
    lines = words = chars = 0
    with open(name, encoding="utf-8") as handle:
        for line in handle:
            if line.endswith("\n"):
                lines += 1
            words += len(line.split())
            chars += len(line)
    return {"l": lines, "w": words, "c": chars}


def show(counts, wanted, label):
    parts = [str(counts[key]) for key in "lwc" if key in wanted]
    sys.stdout.write(" ".join(parts) + " " + label + "\n")


def main(argv):
    parsed = parse(argv)
    if parsed is None:
        sys.stderr.write(USAGE + "\n")
        return 2
    wanted, files = parsed
    total = {"l": 0, "w": 0, "c": 0}
    code = 0
    for name in files:
        try:
            counts = count_file(name)
        except OSError as err:
            sys.stderr.write(f"{name}: cannot read ({err.__class__.__name__})\n")
            code = 1
            continue
        for key in total:
            total[key] += counts[key]
        show(counts, wanted, name)
    if len(files) >= 2:
        show(total, wanted, "total")
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
