"""countjson: argparse with choices, pretty-printed JSON."""

import argparse
import json
import sys


def main(argv):
    parser = argparse.ArgumentParser(prog="countjson")
    parser.add_argument("--format", choices=["text", "json"], default="text")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args(argv)
    report = {"total": {"chars": 0, "words": 0, "lines": 0}, "files": []}
    failures = 0
    for name in args.files:
        try:
            with open(name, encoding="utf-8") as fh:
                data = fh.read()
        except OSError as err:
            failures += 1
            report["files"].append({"error": f"cannot read: {err}", "name": name})
            if args.format == "text":
                print(f"countjson: cannot read {name}", file=sys.stderr)
            continue
        entry = {"chars": len(data), "words": len(data.split()), "lines": data.count("\n")}
        for k, v in entry.items():
            report["total"][k] += v
        entry["name"] = name
        report["files"].append(entry)
    if args.format == "json":
        print(json.dumps(report, indent=2))
    else:
        rows = [e for e in report["files"] if "error" not in e]
        if len(args.files) > 1:
            rows.append(dict(report["total"], name="total"))
        for e in rows:
            print(f"{e['lines']} {e['words']} {e['chars']} {e['name']}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
