"""countjson: streaming line counter, compact JSON."""

import json
import sys


def counts_for(path):
    lines = words = chars = 0
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            lines += line.endswith("\n")
            words += len(line.split())
            chars += len(line)
    return lines, words, chars


def main(argv):
    fmt = None
    paths = []
    args = list(argv)
    while args:
        a = args.pop(0)
        if a == "--format":
            if not args:
                sys.stderr.write("countjson: --format needs a value\n")
                return 2
            fmt = args.pop(0)
        elif a.startswith("--format="):
            fmt = a.split("=", 1)[1]
        elif a.startswith("-"):
            sys.stderr.write(f"countjson: unknown option {a}\n")
            return 2
        else:
            paths.append(a)
    fmt = fmt or "text"
    if fmt not in ("text", "json"):
        sys.stderr.write(f"countjson: unsupported format {fmt!r}\n")
        return 2
    if not paths:
        sys.stderr.write("countjson: missing FILE\n")
        return 2
    results = []
    for p in paths:
        try:
            results.append((p, counts_for(p), None))
        except OSError as exc:
            results.append((p, None, exc.__class__.__name__))
    good = [c for _, c, _ in results if c is not None]
    total = tuple(map(sum, zip(*good))) if good else (0, 0, 0)
    keys = ("lines", "words", "chars")
    if fmt == "json":
        doc = {
            "files": [
                {"name": p, "error": e} if c is None else {"name": p, **dict(zip(keys, c))}
                for p, c, e in results
            ],
            "total": dict(zip(keys, total)),
        }
        sys.stdout.write(json.dumps(doc, separators=(",", ":")) + "\n")
    else:
        for p, c, e in results:
            if c is None:
                sys.stderr.write(f"{p}: {e}\n")
            else:
                sys.stdout.write(" ".join(map(str, c)) + f" {p}\n")
        if len(paths) > 1:
            sys.stdout.write(" ".join(map(str, total)) + " total\n")
    return 0 if len(good) == len(results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
