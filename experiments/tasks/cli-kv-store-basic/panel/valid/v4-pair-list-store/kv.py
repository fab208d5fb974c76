"""kv: a Store object over a JSON list of pairs."""

import json
import sys


class Store:
    def __init__(self, path):
        self.path = path
        self.pairs = []
        try:
            with open(path, encoding="utf-8") as fh:
                self.pairs = [tuple(p) for p in json.load(fh)]
        except FileNotFoundError:
            pass

    def find(self, key):
        for i, (k, _) in enumerate(self.pairs):
            if k == key:
                return i
        return -1

    def put(self, key, value):
        i = self.find(key)
        if i >= 0:
            self.pairs[i] = (key, value)
        else:
            self.pairs.append((key, value))
        self.flush()

    def remove(self, key):
        i = self.find(key)
        if i < 0:
            return False
        self.pairs.pop(i)
        self.flush()
        return True

    def flush(self):
        with open(self.path, "w", encoding="utf-8") as fh:
            json.dump(sorted(self.pairs), fh)


class Usage(Exception):
    pass


def split_args(argv):
    if len(argv) < 3 or argv[0] != "--store":
        if "--store" in argv[1:]:
            j = argv.index("--store")
            argv = argv[j:j + 2] + argv[:j] + argv[j + 2:]
        else:
            raise Usage("--store PATH must be given")
    path, cmd, rest = argv[1], argv[2], argv[3:]
    need = {"set": 2, "get": 1, "delete": 1, "list": 0}
    if cmd not in need:
        raise Usage(f"no command {cmd!r}")
    if len(rest) != need[cmd]:
        raise Usage(f"{cmd}: expected {need[cmd]} argument(s), got {len(rest)}")
    if rest and (not rest[0] or set(rest[0]) & set("= \t\n\r\x0b\x0c")):
        raise Usage("invalid key")
    return path, cmd, rest


def main(argv):
    try:
        path, cmd, rest = split_args(list(argv))
    except Usage as exc:
        sys.stderr.write(f"kv: {exc}\n")
        return 2
    store = Store(path)
    if cmd == "set":
        store.put(*rest)
    elif cmd == "list":
        for k, v in sorted(store.pairs):
            sys.stdout.write(f"{k}={v}\n")
    elif cmd == "get":
        i = store.find(rest[0])
        if i < 0:
            sys.stderr.write(f"kv: unknown key {rest[0]}\n")
            return 1
        sys.stdout.write(store.pairs[i][1] + "\n")
    elif not store.remove(rest[0]):
        sys.stderr.write(f"kv: cannot delete {rest[0]}: absent\n")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
