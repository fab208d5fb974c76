"""cfg: argparse sub-commands over a flat {"section.key": value} JSON file."""

import argparse
import json
import re
import sys
from pathlib import Path

NAME_RE = re.compile(r"[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+")
SECTION_RE = re.compile(r"[A-Za-z0-9_-]+")


def checked(pattern, what):
    def convert(text):
        if not pattern.fullmatch(text):
            raise argparse.ArgumentTypeError(f"invalid {what}: {text!r}")
        return text
    return convert


def main(argv):
    ap = argparse.ArgumentParser(prog="cfg")
    ap.add_argument("--file", required=True, type=Path)
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("set")
    s.add_argument("name", type=checked(NAME_RE, "name"))
    s.add_argument("value")
    for cmd in ("get", "unset"):
        sub.add_parser(cmd).add_argument("name", type=checked(NAME_RE, "name"))
    sub.add_parser("show").add_argument("section", nargs="?",
                                        type=checked(SECTION_RE, "section"))
    ns = ap.parse_args(argv)
    flat = json.loads(ns.file.read_text(encoding="utf-8")) if ns.file.exists() else {}
    if ns.cmd == "set":
        flat[ns.name] = ns.value
    elif ns.cmd in ("get", "unset"):
        if ns.name not in flat:
            print(f"cfg: unknown setting {ns.name}", file=sys.stderr)
            return 1
        if ns.cmd == "get":
            print(flat[ns.name])
            return 0
        del flat[ns.name]
    else:
        grouped = {}
        for name, value in flat.items():
            sec, key = name.split(".", 1)
            grouped.setdefault(sec, {})[key] = value
        if ns.section is not None:
            if ns.section not in grouped:
                print(f"cfg: section {ns.section} does not exist", file=sys.stderr)
                return 1
            for key in sorted(grouped[ns.section]):
                print(f"{key} = {grouped[ns.section][key]}")
            return 0
        out = "\n\n".join(
            "\n".join([f"[{sec}]"] + [f"{k} = {v}" for k, v in sorted(grouped[sec].items())])
            for sec in sorted(grouped)
        )
        if out:
            print(out)
        return 0
    ns.file.write_text(json.dumps(flat, indent=1, sort_keys=True), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
