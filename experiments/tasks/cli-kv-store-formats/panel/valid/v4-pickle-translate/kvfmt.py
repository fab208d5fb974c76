"""kvfmt: pickle store; dumps built with str.translate and csv.DictWriter."""

import csv
import json
import os
import pickle
import sys

ESCAPES = str.maketrans({"\\": "\\\\", "\n": "\\n"})


def load(path):
    if not os.path.isfile(path):
        return {}
    with open(path, "rb") as fh:
        return pickle.load(fh)


def save(path, data):
    with open(path, "wb") as fh:
        pickle.dump(data, fh)


def dump(data, fmt):
    if fmt == "text":
        sys.stdout.writelines(f"{k}={data[k].translate(ESCAPES)}\n" for k in sorted(data))
    elif fmt == "json":
        sys.stdout.write(json.dumps(data, indent=None, separators=(", ", ": ")) + "\n")
    else:
        w = csv.DictWriter(sys.stdout, fieldnames=["key", "value"], lineterminator="\n")
        w.writeheader()
        w.writerows({"key": k, "value": data[k]} for k in sorted(data))


def main(argv):
    argv = list(argv)
    try:
        i = argv.index("--store")
        path = argv[i + 1]
    except (ValueError, IndexError):
        print("kvfmt: --store is mandatory", file=sys.stderr)
        return 2
    cmd, *args = argv[:i] + argv[i + 2:] or [""]
    if cmd == "dump":
        fmt = "text"
        if args:
            if len(args) != 2 or args[0] != "--format":
                print("kvfmt: dump [--format F]", file=sys.stderr)
                return 2
            fmt = args[1]
        if fmt not in ("text", "json", "csv"):
            print(f"kvfmt: {fmt} is not a format", file=sys.stderr)
            return 2
        dump(load(path), fmt)
        return 0
    if (cmd, len(args)) not in {("set", 2), ("get", 1), ("delete", 1)}:
        print(f"kvfmt: unknown or malformed command {cmd!r}", file=sys.stderr)
        return 2
    key = args[0]
    if not key or "=" in key or any(c.isspace() for c in key):
        print("kvfmt: bad key", file=sys.stderr)
        return 2
    data = load(path)
    if cmd == "set":
        data[key] = args[1]
    elif key not in data:
        print(f"kvfmt: key {key} not found", file=sys.stderr)
        return 1
    elif cmd == "get":
        print(data[key])
        return 0
    else:
        del data[key]
    save(path, data)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
