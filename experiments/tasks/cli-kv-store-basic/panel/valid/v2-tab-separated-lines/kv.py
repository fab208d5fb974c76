"""kv: line-oriented store, one `key<TAB>json-string` per line."""

import json
import os
import sys

ARITY = {"set": 2, "get": 1, "delete": 1, "list": 0}


def read_store(path):
    data = {}
    if not os.path.exists(path):
        return data
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            line = line.rstrip("\n")
            if line:
                key, encoded = line.split("\t", 1)
                data[key] = json.loads(encoded)
    return data


def write_store(path, data):
    with open(path, "w", encoding="utf-8") as fh:
        for key, value in data.items():
            fh.write(f"{key}\t{json.dumps(value)}\n")


def usage(msg):
    sys.stderr.write(f"usage error: {msg}\n")
    return 2


def main(argv):
    argv = list(argv)
    if "--store" not in argv:
        return usage("missing --store PATH")
    at = argv.index("--store")
    if at + 1 >= len(argv):
        return usage("missing --store PATH")
    path = argv[at + 1]
    words = argv[:at] + argv[at + 2:]
    if not words or words[0] not in ARITY:
        return usage("unknown command")
    cmd, args = words[0], words[1:]
    if len(args) != ARITY[cmd]:
        return usage(f"wrong number of arguments for {cmd}")
    if args:
        key = args[0]
        if key == "" or "=" in key or key != "".join(key.split()):
            return usage("keys may not be empty or contain '=' or whitespace")
    store = read_store(path)
    if cmd == "list":
        sys.stdout.writelines(f"{k}={store[k]}\n" for k in sorted(store))
        return 0
    if cmd == "set":
        store[args[0]] = args[1]
        write_store(path, store)
        return 0
    if args[0] not in store:
        sys.stderr.write(f"{args[0]}: not set\n")
        return 1
    if cmd == "get":
        sys.stdout.write(store[args[0]] + "\n")
    else:
        del store[args[0]]
        write_store(path, store)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
