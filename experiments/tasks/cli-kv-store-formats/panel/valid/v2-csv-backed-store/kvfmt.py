"""kvfmt: the store itself is a CSV file."""

import csv
import json
import os
import sys


def read_store(path):
    if not os.path.exists(path):
        return {}
    with open(path, newline="", encoding="utf-8") as fh:
        return {row[0]: row[1] for row in csv.reader(fh)}


def write_store(path, data):
    with open(path, "w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows(data.items())


def fail(code, message):
    sys.stderr.write(message + "\n")
    return code


def main(argv):
    path, words, skip = None, [], False
    for i, a in enumerate(argv):
        if skip:
            skip = False
        elif a == "--store" and i + 1 < len(argv):
            path, skip = argv[i + 1], True
        else:
            words.append(a)
    if path is None or not words:
        return fail(2, "usage: kvfmt.py --store PATH COMMAND [ARGS]")
    cmd, args = words[0], words[1:]
    if cmd == "dump":
        if args and (len(args) != 2 or args[0] != "--format"):
            return fail(2, "kvfmt: dump takes only --format")
        fmt = args[1] if args else "text"
        if fmt not in ("text", "json", "csv"):
            return fail(2, f"kvfmt: no format called {fmt}")
        data = read_store(path)
        keys = sorted(data)
        if fmt == "json":
            json.dump({k: data[k] for k in keys}, sys.stdout, separators=(",", ":"))
            sys.stdout.write("\n")
        elif fmt == "csv":
            w = csv.writer(sys.stdout, lineterminator="\n")
            w.writerows([("key", "value")] + [(k, data[k]) for k in keys])
        else:
            for k in keys:
                esc = "".join({"\\": "\\\\", "\n": "\\n"}.get(c, c) for c in data[k])
                sys.stdout.write(k + "=" + esc + "\n")
        return 0
    need = {"set": 2, "get": 1, "delete": 1}.get(cmd)
    if need is None or len(args) != need:
        return fail(2, f"kvfmt: bad command {cmd!r}")
    key = args[0]
    if not key or "=" in key or len(key.split()) != 1 or key.split()[0] != key:
        return fail(2, "kvfmt: bad key")
    data = read_store(path)
    if cmd == "set":
        data[key] = args[1]
        write_store(path, data)
        return 0
    if key not in data:
        return fail(1, f"kvfmt: {key}: no such key")
    if cmd == "get":
        print(data[key])
    else:
        data.pop(key)
        write_store(path, data)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
