"""Sectioned settings store: cfg.py --file PATH set|get|unset|show."""

import json
import os
import re
import sys

PART = r"[A-Za-z0-9_-]+"
NAME = re.compile(rf"({PART})\.({PART})")
SECTION = re.compile(PART)
ARITY = {"set": (2,), "get": (1,), "unset": (1,), "show": (0, 1)}


class UsageError(Exception):
    """The command line cannot be used."""


def parse(argv):
    args = list(argv)
    if "--file" not in args or args.index("--file") + 1 >= len(args):
        raise UsageError("--file PATH is required")
    at = args.index("--file")
    path = args[at + 1]
    words = args[:at] + args[at + 2:]
    if not words or words[0] not in ARITY:
        raise UsageError("command must be set, get, unset or show")
    command, params = words[0], words[1:]
    if len(params) not in ARITY[command]:
        raise UsageError(f"wrong number of arguments for {command}")
    if command == "show":
        if params and not SECTION.fullmatch(params[0]):
            raise UsageError(f"bad section {params[0]!r}")
    elif not NAME.fullmatch(params[0]):
        raise UsageError(f"bad name {params[0]!r}")
    return path, command, params


def load(path):
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except FileNotFoundError:
        return {}


def save(path, data):
    tmp = f"{path}.tmp"
    with open(tmp, "w", encoding="utf-8") as handle:
        json.dump(data, handle, ensure_ascii=False)
    os.replace(tmp, path)


def section_lines(keys):
    return [f"{key} = {keys[key]}" for key in sorted(keys)]


def main(argv):
    try:
        path, command, params = parse(argv)
    except UsageError as exc:
        print(f"cfg: {exc}", file=sys.stderr)
        return 2
    data = load(path)
    if command == "show":
        if params:
            lines = section_lines(data.get(params[0], {}))
        else:
            blocks = [[f"[{name}]"] + section_lines(data[name]) for name in sorted(data)]
            lines = []
            for block in blocks:
                if lines:
                    lines.append("")
                lines.extend(block)
        for line in lines:
            print(line)
        return 0
    section, key = NAME.fullmatch(params[0]).groups()
    if command == "set":
        data.setdefault(section, {})[key] = params[1]
        save(path, data)
        return 0
    if key not in data.get(section, {}):
        print(f"cfg: {params[0]} is not set", file=sys.stderr)
        return 1
    if command == "get":
        print(data[section][key])
        return 0
    del data[section][key]
    if not data[section]:
        del data[section]
    save(path, data)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
