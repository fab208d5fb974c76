"""cfg: plain-text store, one `section<TAB>key<TAB>json-value` line per setting."""

import json
import os
import sys

ALLOWED = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")


def part_ok(text):
    return bool(text) and set(text) <= ALLOWED


def split_name(name):
    if name.count(".") != 1:
        return None
    sec, key = name.split(".")
    return (sec, key) if part_ok(sec) and part_ok(key) else None


def read(path):
    rows = {}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                sec, key, raw = line.rstrip("\n").split("\t", 2)
                rows[(sec, key)] = json.loads(raw)
    return rows


def write(path, rows):
    with open(path, "w", encoding="utf-8") as fh:
        for (sec, key), value in sorted(rows.items()):
            fh.write(f"{sec}\t{key}\t{json.dumps(value)}\n")


def usage(text):
    sys.stderr.write("cfg: " + text + "\n")
    return 2


def main(argv):
    path, words, i = None, [], 0
    while i < len(argv):
        if argv[i] == "--file" and i + 1 < len(argv):
            path = argv[i + 1]
            i += 2
        else:
            words.append(argv[i])
            i += 1
    if path is None:
        return usage("missing --file")
    if not words:
        return usage("missing command")
    cmd, args = words[0], words[1:]
    shape = {"set": [2], "get": [1], "unset": [1], "show": [0, 1]}
    if cmd not in shape or len(args) not in shape[cmd]:
        return usage("bad command line")
    rows = read(path)
    if cmd == "show":
        if args and not part_ok(args[0]):
            return usage("bad section")
        secs = sorted({s for s, _ in rows})
        if args:
            if args[0] not in secs:
                sys.stderr.write(f"cfg: section {args[0]!r} not found\n")
                return 1
            secs = [args[0]]
        out = []
        for s in secs:
            if not args:
                if out:
                    out.append("")
                out.append(f"[{s}]")
            out += [f"{k} = {rows[(s2, k)]}" for s2, k in sorted(rows) if s2 == s]
        sys.stdout.write("".join(line + "\n" for line in out))
        return 0
    name = split_name(args[0])
    if name is None:
        return usage(f"bad name {args[0]}")
    if cmd == "set":
        rows[name] = args[1]
        write(path, rows)
        return 0
    if name not in rows:
        sys.stderr.write(f"cfg: {args[0]} not found\n")
        return 1
    if cmd == "get":
        sys.stdout.write(rows[name] + "\n")
    else:
        del rows[name]
        write(path, rows)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
