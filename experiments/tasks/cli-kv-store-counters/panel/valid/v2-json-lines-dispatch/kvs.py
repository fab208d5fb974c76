"""kvs: line-based store (key, TAB, JSON string) and a dispatch table."""

import json
import os
import sys


def read(path):
    store = {}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                key, _, raw = line.rstrip("\n").partition("\t")
                store[json.loads(key)] = json.loads(raw)
    return store


def write(path, store):
    with open(path, "w", encoding="utf-8") as fh:
        for key in sorted(store):
            fh.write(json.dumps(key) + "\t" + json.dumps(store[key]) + "\n")


def as_int(text):
    try:
        return int(text)
    except ValueError:
        return None


def main(argv):
    store_path = None
    words = []
    it = iter(argv)
    for a in it:
        if a == "--store" and store_path is None:
            store_path = next(it, None)
        else:
            words.append(a)
    if store_path is None or not words:
        print("usage: kvs.py --store PATH COMMAND [ARGS]", file=sys.stderr)
        return 2
    cmd, rest = words[0], words[1:]
    force = cmd == "rename" and rest[:1] == ["--force"]
    if force:
        rest = rest[1:]
    shapes = {"set": (2, 2), "get": (1, 1), "delete": (1, 10**9), "list": (0, 1),
              "incr": (1, 2), "rename": (2, 2)}
    if cmd not in shapes or not shapes[cmd][0] <= len(rest) <= shapes[cmd][1]:
        print(f"kvs: bad use of {cmd!r}", file=sys.stderr)
        return 2
    if cmd == "incr" and len(rest) == 2 and as_int(rest[1]) is None:
        print("kvs: BY must be an integer", file=sys.stderr)
        return 2
    store = read(store_path)
    if cmd == "set":
        store[rest[0]] = rest[1]
    elif cmd == "get":
        if rest[0] not in store:
            print(f"kvs: unknown key {rest[0]}", file=sys.stderr)
            return 1
        print(store[rest[0]])
        return 0
    elif cmd == "list":
        for key in sorted(k for k in store if k.startswith(rest[0] if rest else "")):
            print(f"{key}={store[key]}")
        return 0
    elif cmd == "delete":
        removed = sum(1 for key in set(rest) if store.pop(key, None) is not None)
        print(removed)
        if not removed:
            return 1
    elif cmd == "incr":
        base = as_int(store.get(rest[0], "0"))
        if base is None:
            print(f"kvs: value of {rest[0]} is not an integer", file=sys.stderr)
            return 1
        store[rest[0]] = str(base + (as_int(rest[1]) if len(rest) == 2 else 1))
        print(store[rest[0]])
    else:
        old, new = rest
        if old not in store:
            print(f"kvs: cannot rename missing key {old}", file=sys.stderr)
            return 1
        if old != new:
            if new in store and not force:
                print(f"kvs: target {new} already exists", file=sys.stderr)
                return 1
            store[new] = store.pop(old)
    write(store_path, store)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
