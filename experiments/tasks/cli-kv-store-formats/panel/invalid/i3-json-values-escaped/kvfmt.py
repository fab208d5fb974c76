"""Key-value store with text, JSON and CSV dumps."""

import csv
import json
import os
import sys

ARITY = {"set": 2, "get": 1, "delete": 1}
FORMATS = ("text", "json", "csv")


class UsageError(Exception):
    """The command line cannot be used."""


def escape(value):
    return value.replace("\\", "\\\\").replace("\n", "\\n")


def valid_key(key):
    return bool(key) and "=" not in key and not any(ch.isspace() for ch in key)


def parse(argv):
    args = list(argv)
    if "--store" not in args[:-1]:
        raise UsageError("--store PATH is required")
    at = args.index("--store")
    path = args[at + 1]
    words = args[:at] + args[at + 2:]
    if not words:
        raise UsageError("missing command")
    command, rest = words[0], words[1:]
    if command == "dump":
        fmt = "text"
        if len(rest) == 2 and rest[0] == "--format":
            fmt = rest[1]
        elif rest:
            raise UsageError("usage: dump [--format text|json|csv]")
        if fmt not in FORMATS:
            raise UsageError(f"unknown format {fmt!r}")
        return path, command, [fmt]
    if command not in ARITY or len(rest) != ARITY[command]:
        raise UsageError(f"cannot run {command!r} with {len(rest)} argument(s)")
    if not valid_key(rest[0]):
        raise UsageError(f"invalid key {rest[0]!r}")
    return path, command, rest


def load(path):
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except FileNotFoundError:
        return {}


def save(path, data):
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as handle:
        json.dump(data, handle)
    os.replace(tmp, path)


def dump(data, fmt):
    keys = sorted(data)
    if fmt == "json":
        print(json.dumps({k: escape(v) for k, v in data.items()}, ensure_ascii=False))
    elif fmt == "csv":
        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(["key", "value"])
        writer.writerows([key, data[key]] for key in keys)
    else:
        for key in keys:
            print(f"{key}={escape(data[key])}")


def main(argv):
    try:
        path, command, args = parse(argv)
    except UsageError as exc:
        print(f"kvfmt: {exc}", file=sys.stderr)
        return 2
    data = load(path)
    if command == "dump":
        dump(data, args[0])
        return 0
    if command == "set":
        data[args[0]] = args[1]
        save(path, data)
        return 0
    if args[0] not in data:
        print(f"kvfmt: no such key: {args[0]}", file=sys.stderr)
        return 1
    if command == "get":
        print(data[args[0]])
    else:
        del data[args[0]]
        save(path, data)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
