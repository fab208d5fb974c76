"""kvs: pickle-backed store with a small command class per action."""

import os
import pickle
import sys


class Exit(Exception):
    def __init__(self, status, text=""):
        super().__init__(text)
        self.status = status


class Store:
    def __init__(self, path):
        self.path = path
        self.data = {}
        if os.path.exists(path):
            with open(path, "rb") as fh:
                self.data = pickle.load(fh)
        self.dirty = False

    def close(self):
        if self.dirty:
            with open(self.path, "wb") as fh:
                pickle.dump(self.data, fh)


def do(store, cmd, args):
    d = store.data
    if cmd == "set":
        if len(args) != 2:
            raise Exit(2, "set KEY VALUE")
        d[args[0]] = args[1]
        store.dirty = True
        return
    if cmd == "get":
        if len(args) != 1:
            raise Exit(2, "get KEY")
        if args[0] not in d:
            raise Exit(1, f"missing {args[0]}")
        print(d[args[0]])
        return
    if cmd == "delete":
        if not args:
            raise Exit(2, "delete KEY...")
        hits = [k for k in set(args) if k in d]
        for k in hits:
            del d[k]
        store.dirty = bool(hits)
        print(len(hits))
        if not hits:
            raise Exit(1)
        return
    if cmd == "list":
        if len(args) > 1:
            raise Exit(2, "list [PREFIX]")
        for k in sorted(d):
            if not args or k[: len(args[0])] == args[0]:
                print(f"{k}={d[k]}")
        return
    if cmd == "incr":
        if len(args) not in (1, 2):
            raise Exit(2, "incr KEY [BY]")
        try:
            by = int(args[1]) if len(args) == 2 else 1
        except ValueError:
            raise Exit(2, "BY must be an integer") from None
        try:
            now = int(d.get(args[0], "0")) + by
        except ValueError:
            raise Exit(1, f"{args[0]} holds {d[args[0]]!r}, not an integer") from None
        d[args[0]] = str(now)
        store.dirty = True
        print(now)
        return
    if cmd == "rename":
        force = "--force" in args
        names = [a for a in args if a != "--force"]
        if len(names) != 2:
            raise Exit(2, "rename [--force] OLD NEW")
        old, new = names
        if old not in d:
            raise Exit(1, f"missing {old}")
        if new != old:
            if new in d and not force:
                raise Exit(1, f"{new} already present")
            d[new] = d.pop(old)
            store.dirty = True
        return
    raise Exit(2, f"unknown command {cmd}")


def main(argv):
    if "--store" not in argv or argv.index("--store") + 1 >= len(argv):
        print("kvs: --store missing", file=sys.stderr)
        return 2
    i = argv.index("--store")
    words = argv[:i] + argv[i + 2:]
    if not words:
        print("kvs: command missing", file=sys.stderr)
        return 2
    store = Store(argv[i + 1])
    try:
        do(store, words[0], words[1:])
    except Exit as exc:
        if str(exc):
            print(f"kvs: {exc}", file=sys.stderr)
        return exc.status
    store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
