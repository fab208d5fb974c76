"""countjson: regex counts, json.dump straight to stdout."""

import json
import re
import sys

NONSPACE = re.compile(r"\S+")
USAGE = "countjson [--format text|json] FILE..."


def measure(text):
    return [text.count("\n"), len(NONSPACE.findall(text)), len(text)]


def main(argv):
    if "--format" in argv:
        at = argv.index("--format")
        fmt = argv[at + 1] if at + 1 < len(argv) else None
        rest = argv[:at] + argv[at + 2:]
    else:
        fmt, rest = "text", list(argv)
    if fmt not in ("text", "json") or any(a.startswith("-") for a in rest) or not rest:
        print("usage: " + USAGE, file=sys.stderr)
        return 2
    total = [0, 0, 0]
    records = []
    exit_code = 0
    for name in rest:
        try:
            with open(name, encoding="utf-8") as fh:
                m = measure(fh.read())
        except OSError as exc:
            exit_code = 1
            print(f"countjson: {name}: {exc}", file=sys.stderr)
            records.append({"name": name, "error": str(exc)})
            continue
        total = [a + b for a, b in zip(total, m)]
        records.append({"name": name, "lines": m[0], "words": m[1], "chars": m[2]})
    if fmt == "json":
        json.dump({"files": records, "total": dict(zip(("lines", "words", "chars"), total))},
                  sys.stdout)
        sys.stdout.write("\n")
        return exit_code
    for r in records:
        if "error" not in r:
            print("%d %d %d %s" % (r["lines"], r["words"], r["chars"], r["name"]))
    if len(rest) > 1:
        print("%d %d %d total" % tuple(total))
    return exit_code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
