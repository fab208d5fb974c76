"""countjson: report objects rendered by two formatter functions."""

import json
import sys
from dataclasses import dataclass, field


@dataclass
class Entry:
    name: str
    lines: int = 0
    words: int = 0
    chars: int = 0
    error: str = ""


@dataclass
class Report:
    entries: list = field(default_factory=list)

    def totals(self):
        ok = [e for e in self.entries if not e.error]
        return {
            "lines": sum(e.lines for e in ok),
            "words": sum(e.words for e in ok),
            "chars": sum(e.chars for e in ok),
        }


def as_text(report, many):
    for e in report.entries:
        if e.error:
            print(f"countjson: skipping {e.name} ({e.error})", file=sys.stderr)
        else:
            print(e.lines, e.words, e.chars, e.name)
    if many:
        t = report.totals()
        print(t["lines"], t["words"], t["chars"], "total")


def as_json(report, many):
    files = []
    for e in report.entries:
        if e.error:
            files.append({"name": e.name, "error": e.error})
        else:
            files.append({"chars": e.chars, "lines": e.lines, "name": e.name,
                          "words": e.words})
    print(json.dumps({"total": report.totals(), "files": files}, sort_keys=True))


RENDER = {"text": as_text, "json": as_json}


def main(argv):
    render = as_text
    names = []
    i = 0
    while i < len(argv):
        if argv[i] == "--format":
            choice = argv[i + 1] if i + 1 < len(argv) else ""
            if choice not in RENDER:
                print(f"countjson: bad --format {choice!r}", file=sys.stderr)
                return 2
            render = RENDER[choice]
            i += 2
        elif argv[i].startswith("-"):
            print(f"countjson: what is {argv[i]}?", file=sys.stderr)
            return 2
        else:
            names.append(argv[i])
            i += 1
    if not names:
        print("countjson: no files", file=sys.stderr)
        return 2
    report = Report()
    for name in names:
        try:
            with open(name, "rb") as fh:
                text = fh.read().decode("utf-8")
        except OSError:
            report.entries.append(Entry(name, error="unreadable"))
            continue
        report.entries.append(Entry(name, text.count("\n"), len(text.split()), len(text)))
    render(report, len(names) > 1)
    return 1 if any(e.error for e in report.entries) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
