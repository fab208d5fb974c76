"""kv: SQLite-backed store."""

import os
import sqlite3
import sys


def connect(path, create):
    if not create and not os.path.exists(path):
        return None
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE IF NOT EXISTS kv (k TEXT PRIMARY KEY, v TEXT NOT NULL)")
    return db


def bad_key(key):
    return not key or "=" in key or any(c.isspace() for c in key)


def main(argv):
    store = None
    words = []
    i = 0
    while i < len(argv):
        if argv[i] == "--store" and i + 1 < len(argv):
            store = argv[i + 1]
            i += 2
            continue
        words.append(argv[i])
        i += 1
    shapes = {"set": 3, "get": 2, "delete": 2, "list": 1}
    if store is None or not words or shapes.get(words[0]) != len(words):
        print("kv: usage: kv.py --store PATH set|get|delete|list ...", file=sys.stderr)
        return 2
    if len(words) > 1 and bad_key(words[1]):
        print(f"kv: refusing key {words[1]!r}", file=sys.stderr)
        return 2
    cmd = words[0]
    db = connect(store, create=(cmd == "set"))
    try:
        if cmd == "set":
            with db:
                db.execute("INSERT OR REPLACE INTO kv VALUES (?, ?)", (words[1], words[2]))
            return 0
        if cmd == "list":
            rows = db.execute("SELECT k, v FROM kv").fetchall() if db else []
            for k, v in sorted(rows):
                print(f"{k}={v}")
            return 0
        row = db.execute("SELECT v FROM kv WHERE k = ?", (words[1],)).fetchone() if db else None
        if row is None:
            print(f"kv: missing key {words[1]}", file=sys.stderr)
            return 1
        if cmd == "get":
            print(row[0])
        else:
            with db:
                db.execute("DELETE FROM kv WHERE k = ?", (words[1],))
        return 0
    finally:
        if db is not None:
            db.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
