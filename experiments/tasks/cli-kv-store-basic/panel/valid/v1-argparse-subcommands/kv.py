"""kv: argparse sub-commands, indented JSON store."""

import argparse
import json
import re
import sys
from pathlib import Path

KEY = re.compile(r"[^=\s]+")


def key_type(text):
    if not KEY.fullmatch(text):
        raise argparse.ArgumentTypeError(f"bad key {text!r}")
    return text


def build():
    parser = argparse.ArgumentParser(prog="kv")
    parser.add_argument("--store", required=True, type=Path)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("set")
    p.add_argument("key", type=key_type)
    p.add_argument("value")
    for name in ("get", "delete"):
        sub.add_parser(name).add_argument("key", type=key_type)
    sub.add_parser("list")
    return parser


def main(argv):
    ns = build().parse_args(argv)
    data = json.loads(ns.store.read_text(encoding="utf-8")) if ns.store.exists() else {}
    if ns.command == "list":
        for k, v in sorted(data.items()):
            print(f"{k}={v}")
        return 0
    if ns.command == "set":
        data[ns.key] = ns.value
    elif ns.key not in data:
        print(f"kv: key {ns.key} not found", file=sys.stderr)
        return 1
    elif ns.command == "get":
        print(data[ns.key])
        return 0
    else:
        data.pop(ns.key)
    ns.store.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
