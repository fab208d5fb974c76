"""kvs: argparse sub-commands, one handler function per command."""

import argparse
import json
import sys
from pathlib import Path


class Failure(Exception):
    pass


def cmd_set(data, ns):
    data[ns.key] = ns.value
    return [], True


def cmd_get(data, ns):
    if ns.key not in data:
        raise Failure(f"{ns.key}: not found")
    return [data[ns.key]], False


def cmd_delete(data, ns):
    gone = [k for k in dict.fromkeys(ns.keys) if data.pop(k, None) is not None]
    if not gone:
        print(0)
        raise Failure("nothing deleted")
    return [str(len(gone))], True


def cmd_list(data, ns):
    return [f"{k}={v}" for k, v in sorted(data.items()) if k.startswith(ns.prefix)], False


def cmd_incr(data, ns):
    try:
        current = int(data.get(ns.key, 0))
    except ValueError:
        raise Failure(f"{ns.key} does not hold an integer") from None
    data[ns.key] = str(current + ns.by)
    return [data[ns.key]], True


def cmd_rename(data, ns):
    if ns.old not in data:
        raise Failure(f"{ns.old}: not found")
    if ns.old == ns.new:
        return [], False
    if ns.new in data and not ns.force:
        raise Failure(f"refusing to overwrite {ns.new}")
    data[ns.new] = data.pop(ns.old)
    return [], True


def parser():
    ap = argparse.ArgumentParser(prog="kvs")
    ap.add_argument("--store", required=True, type=Path)
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("set")
    p.add_argument("key")
    p.add_argument("value")
    p.set_defaults(handler=cmd_set)
    p = sub.add_parser("get")
    p.add_argument("key")
    p.set_defaults(handler=cmd_get)
    p = sub.add_parser("delete")
    p.add_argument("keys", nargs="+")
    p.set_defaults(handler=cmd_delete)
    p = sub.add_parser("list")
    p.add_argument("prefix", nargs="?", default="")
    p.set_defaults(handler=cmd_list)
    p = sub.add_parser("incr")
    p.add_argument("key")
    p.add_argument("by", nargs="?", type=int, default=1)
    p.set_defaults(handler=cmd_incr)
    p = sub.add_parser("rename")
    p.add_argument("--force", action="store_true")
    p.add_argument("old")
    p.add_argument("new")
    p.set_defaults(handler=cmd_rename)
    return ap


def main(argv):
    ns = parser().parse_args(argv)
    data = json.loads(ns.store.read_text(encoding="utf-8")) if ns.store.exists() else {}
    try:
        out, dirty = ns.handler(data, ns)
    except Failure as exc:
        print(f"kvs: {exc}", file=sys.stderr)
        return 1
    if dirty:
        ns.store.write_text(json.dumps(data), encoding="utf-8")
    for line in out:
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
