"""Count lines, words and characters of files, as text or JSON."""

import json
import sys

FORMATS = ("text", "json")


def count(text):
    return {"lines": text.count("\n"), "words": len(text.split()), "chars": len(text)}


def parse(argv):
    """Return (format, files), or None for a usage error."""
    fmt = "text"
    files = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--format":
            if i + 1 >= len(argv) or argv[i + 1] not in FORMATS:
                return None
            fmt = argv[i + 1]
            i += 2
            continue
        if arg.startswith("-"):
            return None
        files.append(arg)
        i += 1
    if not files:
        return None
    return fmt, files


def main(argv):
    parsed = parse(argv)
    if parsed is None:
        print("usage: countjson.py [--format text|json] FILE...", file=sys.stderr)
        return 2
    fmt, files = parsed
    entries = []
    total = {"lines": 0, "words": 0, "chars": 0}
    status = 0
    for name in files:
        try:
            with open(name, encoding="utf-8") as handle:
                counts = count(handle.read())
        except OSError as exc:
            entries.append({"name": name, "error": exc.strerror or str(exc)})
            status = 1
            continue
        for key in total:
            total[key] += counts[key]
        entries.append({"name": name, **counts})
    if fmt == "json":
        print(json.dumps({"files": entries, "total": total}))
        return status
    for entry in entries:
        if "error" in entry:
            print(f"countjson: {entry['name']}: {entry['error']}", file=sys.stderr)
        else:
            print(entry["lines"], entry["words"], entry["chars"], entry["name"])
    if len(files) > 1:
        print(total["lines"], total["words"], total["chars"], "total")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
