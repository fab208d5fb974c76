"""kvfmt: store as a JSON list of [key, value] pairs; renderers as classes."""

import csv
import json
import sys


class TextRenderer:
    def render(self, pairs):
        for k, v in pairs:
            safe = []
            for ch in v:
                if ch == "\\":
                    safe.append("\\\\")
                elif ch == "\n":
                    safe.append("\\n")
                else:
                    safe.append(ch)
            print(k + "=" + "".join(safe))


class JsonRenderer:
    def render(self, pairs):
        print(json.dumps(dict(pairs), sort_keys=True, ensure_ascii=True))


class CsvRenderer:
    def render(self, pairs):
        writer = csv.writer(sys.stdout, lineterminator="\n", quoting=csv.QUOTE_MINIMAL)
        writer.writerow(("key", "value"))
        for pair in pairs:
            writer.writerow(pair)


RENDERERS = {"text": TextRenderer, "json": JsonRenderer, "csv": CsvRenderer}


class BadUsage(Exception):
    pass


def load(path):
    try:
        with open(path, encoding="utf-8") as fh:
            return {k: v for k, v in json.load(fh)}
    except FileNotFoundError:
        return {}


def store(path, data):
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(sorted(data.items()), fh)


def interpret(argv):
    if argv.count("--store") != 1:
        raise BadUsage("exactly one --store PATH is needed")
    i = argv.index("--store")
    if i + 1 >= len(argv):
        raise BadUsage("--store needs a PATH")
    path, words = argv[i + 1], argv[:i] + argv[i + 2:]
    if not words:
        raise BadUsage("no command")
    cmd, rest = words[0], words[1:]
    if cmd == "dump":
        if rest == []:
            return path, cmd, "text"
        if len(rest) == 2 and rest[0] == "--format" and rest[1] in RENDERERS:
            return path, cmd, rest[1]
        raise BadUsage("dump [--format text|json|csv]")
    arity = {"set": 2, "get": 1, "delete": 1}
    if arity.get(cmd) != len(rest):
        raise BadUsage(f"{cmd}: wrong arguments")
    if rest[0] == "" or "=" in rest[0] or any(c.isspace() for c in rest[0]):
        raise BadUsage(f"{rest[0]!r} is not a valid key")
    return path, cmd, rest


def main(argv):
    try:
        path, cmd, arg = interpret(list(argv))
    except BadUsage as exc:
        print("kvfmt:", exc, file=sys.stderr)
        return 2
    data = load(path)
    if cmd == "dump":
        RENDERERS[arg]().render(sorted(data.items()))
        return 0
    key = arg[0]
    if cmd == "set":
        data[key] = arg[1]
        store(path, data)
        return 0
    if key not in data:
        print("kvfmt: missing key", key, file=sys.stderr)
        return 1
    if cmd == "get":
        print(data[key])
        return 0
    del data[key]
    store(path, data)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
