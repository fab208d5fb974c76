"""A tiny key-value store kept in a JSON file."""

import json
import os
import sys

COMMANDS = {"set": 2, "get": 1, "delete": 1, "list": 0}


class UsageError(Exception):
    """The command line cannot be used."""


def valid_key(key):
    return bool(key) and "=" not in key and not any(ch.isspace() for ch in key)


def parse(argv):
    store = None
    rest = []
    args = list(argv)
    while args:
        arg = args.pop(0)
        if arg == "--store":
            if not args:
                raise UsageError("--store needs a path")
            store = args.pop(0)
        else:
            rest.append(arg)
    if store is None:
        raise UsageError("--store is required")
    if not rest or rest[0] not in COMMANDS:
        raise UsageError("command must be one of set, get, delete, list")
    command, params = rest[0], rest[1:]
    if len(params) != COMMANDS[command]:
        raise UsageError(f"{command} takes {COMMANDS[command]} argument(s)")
    if params and not valid_key(params[0]):
        raise UsageError(f"invalid key {params[0]!r}")
    return store, command, params


def load(path):
    """Return the stored mapping (empty when the file does not exist)."""
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except FileNotFoundError:
        return {}


def save(path, data):
    """Write the mapping atomically so that the next invocation can load it."""
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as handle:
        json.dump(data, handle, ensure_ascii=False, sort_keys=True)
    os.replace(tmp, path)


def main(argv):
    try:
        path, command, params = parse(argv)
    except UsageError as exc:
        print(f"kv: {exc}", file=sys.stderr)
        return 2
    data = load(path)
    if command == "set":
        key, value = params
        data[key] = value
        save(path, data)
    elif command == "list":
        for key in sorted(data):
            print(f"{key}={data[key]}")
    else:
        key = params[0]
        if key not in data:
            print(f"kv: no such key: {key}", file=sys.stderr)
            return 1
        if command == "get":
            print(data[key])
        else:
            del data[key]
            save(path, data)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
