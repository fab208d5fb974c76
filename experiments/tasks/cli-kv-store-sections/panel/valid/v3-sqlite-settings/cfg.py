"""cfg: settings kept in a SQLite table."""

import os
import re
import sqlite3
import sys

NAME = re.compile(r"^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$")
SEC = re.compile(r"^[A-Za-z0-9_-]+$")


def open_db(path, create=False):
    if not create and not os.path.exists(path):
        db = sqlite3.connect(":memory:")
    else:
        db = sqlite3.connect(path)
    db.execute("CREATE TABLE IF NOT EXISTS s (sec TEXT, key TEXT, val TEXT,"
               " PRIMARY KEY (sec, key))")
    return db


def main(argv):
    argv = list(argv)
    try:
        k = argv.index("--file")
        path = argv[k + 1]
    except (ValueError, IndexError):
        print("cfg: --file PATH missing", file=sys.stderr)
        return 2
    words = argv[:k] + argv[k + 2:]
    counts = {"set": {2}, "get": {1}, "unset": {1}, "show": {0, 1}}
    if not words or words[0] not in counts or len(words) - 1 not in counts[words[0]]:
        print("cfg: usage: --file PATH set|get|unset|show ...", file=sys.stderr)
        return 2
    cmd, args = words[0], words[1:]
    if cmd == "show":
        if args and not SEC.match(args[0]):
            print("cfg: invalid section", file=sys.stderr)
            return 2
        db = open_db(path)
        rows = db.execute("SELECT sec, key, val FROM s ORDER BY sec, key").fetchall()
        db.close()
        if args:
            mine = [(k2, v) for s2, k2, v in rows if s2 == args[0]]
            if not mine:
                print(f"cfg: no such section {args[0]}", file=sys.stderr)
                return 1
            for k2, v in mine:
                print(f"{k2} = {v}")
            return 0
        last = None
        for s2, k2, v in rows:
            if s2 != last:
                if last is not None:
                    print()
                print(f"[{s2}]")
                last = s2
            print(f"{k2} = {v}")
        return 0
    m = NAME.match(args[0])
    if not m:
        print(f"cfg: invalid name {args[0]!r}", file=sys.stderr)
        return 2
    db = open_db(path, create=(cmd == "set"))
    try:
        if cmd == "set":
            with db:
                db.execute("INSERT OR REPLACE INTO s VALUES (?, ?, ?)", (*m.groups(), args[1]))
            return 0
        row = db.execute("SELECT val FROM s WHERE sec = ? AND key = ?", m.groups()).fetchone()
        if row is None:
            print(f"cfg: {args[0]}: no such setting", file=sys.stderr)
            return 1
        if cmd == "get":
            print(row[0])
        else:
            with db:
                db.execute("DELETE FROM s WHERE sec = ? AND key = ?", m.groups())
        return 0
    finally:
        db.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
