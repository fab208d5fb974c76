"""tally: single pass over the lines of each stream."""

import sys

KEYS = "lwmL"


def count_stream(stream):
    c = dict.fromkeys(KEYS, 0)
    for line in stream:
        body = line[:-1] if line.endswith("\n") else line
        c["l"] += line.endswith("\n")
        c["w"] += len(line.split())
        c["m"] += len(line)
        c["L"] = max(c["L"], len(body))
    return c


def row(c, keys):
    return " ".join(str(c[k]).rjust(7) for k in keys)


def main(argv):
    chosen = ""
    files = []
    for arg in argv:
        if len(arg) == 2 and arg[0] == "-" and arg[1] in KEYS:
            chosen += arg[1]
        elif arg != "-" and arg.startswith("-"):
            sys.stderr.write("usage: tally [-l] [-w] [-m] [-L] [FILE...]\n")
            return 2
        else:
            files.append(arg)
    keys = [k for k in KEYS if k in chosen] or ["l", "w", "m"]
    if not files:
        sys.stdout.write(row(count_stream(sys.stdin), keys) + "\n")
        return 0
    grand = dict.fromkeys(KEYS, 0)
    rc = 0
    for name in files:
        if name == "-":
            c = count_stream(sys.stdin)
        else:
            try:
                with open(name, encoding="utf-8") as fh:
                    c = count_stream(fh)
            except OSError:
                sys.stderr.write(f"tally: {name}: unreadable\n")
                rc = 1
                continue
        for k in "lwm":
            grand[k] += c[k]
        grand["L"] = max(grand["L"], c["L"])
        sys.stdout.write(row(c, keys) + " " + name + "\n")
    if len(files) > 1:
        sys.stdout.write(row(grand, keys) + " total\n")
    return rc


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
