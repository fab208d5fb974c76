"""Key-value store with counters and renames, kept in a JSON file."""

import json
import os
import sys


class UsageError(Exception):
    """The command line cannot be used."""


class StoreError(Exception):
    """The command cannot be carried out on the current store."""


def load(path):
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except FileNotFoundError:
        return {}


def save(path, data):
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as handle:
        json.dump(data, handle, ensure_ascii=False)
    os.replace(tmp, path)


def parse_int(text, error):
    try:
        return int(text)
    except ValueError:
        raise error(f"not an integer: {text!r}") from None


def run_command(data, command, args):
    """Apply one command to data in place; return (output lines, changed, status)."""
    if command == "set" and len(args) == 2:
        data[args[0]] = args[1]
        return [], True, 0
    if command == "get" and len(args) == 1:
        if args[0] not in data:
            raise StoreError(f"no such key: {args[0]}")
        return [data[args[0]]], False, 0
    if command == "delete" and args:
        removed = 0
        for key in dict.fromkeys(args):
            if key in data:
                del data[key]
                removed += 1
        return [str(removed)], removed > 0, 0 if removed else 1
    if command == "list" and len(args) <= 1:
        prefix = args[0] if args else ""
        return [f"{k}={data[k]}" for k in sorted(data) if prefix in k], False, 0
    if command == "incr" and len(args) in (1, 2):
        step = parse_int(args[1], UsageError) if len(args) == 2 else 1
        value = parse_int(data.get(args[0], "0"), StoreError) + step
        data[args[0]] = str(value)
        return [str(value)], True, 0
    if command == "rename":
        force = "--force" in args
        names = [a for a in args if a != "--force"]
        if len(names) != 2 or args.count("--force") > 1:
            raise UsageError("usage: rename [--force] OLD NEW")
        old, new = names
        if old not in data:
            raise StoreError(f"no such key: {old}")
        if old == new:
            return [], False, 0
        if new in data and not force:
            raise StoreError(f"{new} exists; use --force to replace it")
        data[new] = data.pop(old)
        return [], True, 0
    raise UsageError(f"cannot run {command!r} with {len(args)} argument(s)")


def main(argv):
    args = list(argv)
    if "--store" not in args[:-1]:
        print("kvs: --store PATH is required", file=sys.stderr)
        return 2
    at = args.index("--store")
    path = args[at + 1]
    words = args[:at] + args[at + 2:]
    if not words:
        print("kvs: missing command", file=sys.stderr)
        return 2
    data = load(path)
    try:
        lines, changed, status = run_command(data, words[0], words[1:])
    except UsageError as exc:
        print(f"kvs: {exc}", file=sys.stderr)
        return 2
    except StoreError as exc:
        print(f"kvs: {exc}", file=sys.stderr)
        return 1
    if changed:
        save(path, data)
    for line in lines:
        print(line)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
