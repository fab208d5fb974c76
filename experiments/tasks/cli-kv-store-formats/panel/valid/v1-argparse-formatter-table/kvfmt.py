"""kvfmt: argparse sub-commands and a formatter table."""

import argparse
import csv
import io
import json
import re
import sys
from pathlib import Path

KEY = re.compile(r"[^=\s]+")


def key_arg(text):
    if not KEY.fullmatch(text):
        raise argparse.ArgumentTypeError("keys must be non-empty, without '=' or spaces")
    return text


def as_text(data):
    out = []
    for k in sorted(data):
        v = data[k].replace("\\", "\\\\").replace("\n", "\\n")
        out.append(f"{k}={v}\n")
    return "".join(out)


def as_json(data):
    return json.dumps(dict(sorted(data.items())), indent=2) + "\n"


def as_csv(data):
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["key", "value"])
    for k in sorted(data):
        w.writerow([k, data[k]])
    return buf.getvalue()


FORMATTERS = {"text": as_text, "json": as_json, "csv": as_csv}


def main(argv):
    ap = argparse.ArgumentParser(prog="kvfmt")
    ap.add_argument("--store", required=True, type=Path)
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("set")
    s.add_argument("key", type=key_arg)
    s.add_argument("value")
    sub.add_parser("get").add_argument("key", type=key_arg)
    sub.add_parser("delete").add_argument("key", type=key_arg)
    sub.add_parser("dump").add_argument("--format", choices=list(FORMATTERS), default="text")
    ns = ap.parse_args(argv)
    data = json.loads(ns.store.read_text(encoding="utf-8")) if ns.store.exists() else {}
    if ns.cmd == "dump":
        sys.stdout.write(FORMATTERS[ns.format](data))
        return 0
    if ns.cmd == "set":
        data[ns.key] = ns.value
    elif ns.key not in data:
        print(f"kvfmt: {ns.key} is not stored", file=sys.stderr)
        return 1
    elif ns.cmd == "get":
        sys.stdout.write(data[ns.key] + "\n")
        return 0
    else:
        del data[ns.key]
    ns.store.write_text(json.dumps(data), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
