"""kvs: SQLite store; rename done with UPDATE inside a transaction."""

import os
import sqlite3
import sys


class Fail(Exception):
    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


def connect(path):
    db = sqlite3.connect(path if os.path.exists(path) else ":memory:")
    db.execute("CREATE TABLE IF NOT EXISTS kv (k TEXT PRIMARY KEY, v TEXT)")
    return db


def persist(path, db):
    """Copy an in-memory database to PATH (or just commit a file database)."""
    if os.path.exists(path):
        db.commit()
        return
    target = sqlite3.connect(path)
    db.commit()
    db.backup(target)
    target.close()


def lookup(db, key):
    row = db.execute("SELECT v FROM kv WHERE k = ?", (key,)).fetchone()
    return None if row is None else row[0]


def execute(db, cmd, args):
    if cmd == "set" and len(args) == 2:
        db.execute("INSERT OR REPLACE INTO kv VALUES (?, ?)", args)
        return [], True
    if cmd == "get" and len(args) == 1:
        v = lookup(db, args[0])
        if v is None:
            raise Fail(1, f"kvs: no value for {args[0]}")
        return [v], False
    if cmd == "delete" and args:
        n = 0
        for key in set(args):
            n += db.execute("DELETE FROM kv WHERE k = ?", (key,)).rowcount
        if n == 0:
            print(0)
            raise Fail(1, "kvs: no keys removed")
        return [str(n)], True
    if cmd == "list" and len(args) < 2:
        rows = db.execute("SELECT k, v FROM kv").fetchall()
        pre = args[0] if args else ""
        return [f"{k}={v}" for k, v in sorted(rows) if k.startswith(pre)], False
    if cmd == "incr" and 1 <= len(args) <= 2:
        try:
            by = int(args[1]) if len(args) == 2 else 1
        except ValueError:
            raise Fail(2, "kvs: BY is not an integer") from None
        cur = lookup(db, args[0])
        try:
            n = int(cur if cur is not None else 0) + by
        except ValueError:
            raise Fail(1, f"kvs: {args[0]} is not numeric") from None
        db.execute("INSERT OR REPLACE INTO kv VALUES (?, ?)", (args[0], str(n)))
        return [str(n)], True
    if cmd == "rename" and args[:1] == ["--force"] and len(args) == 3:
        return rename(db, args[1], args[2], True)
    if cmd == "rename" and len(args) == 2:
        return rename(db, args[0], args[1], False)
    raise Fail(2, f"kvs: bad command line for {cmd!r}")


def rename(db, old, new, force):
    if lookup(db, old) is None:
        raise Fail(1, f"kvs: {old} does not exist")
    if old == new:
        return [], False
    if lookup(db, new) is not None:
        if not force:
            raise Fail(1, f"kvs: {new} exists (use --force)")
        db.execute("DELETE FROM kv WHERE k = ?", (new,))
    db.execute("UPDATE kv SET k = ? WHERE k = ?", (new, old))
    return [], True


def main(argv):
    argv = list(argv)
    if "--store" not in argv[:-1]:
        print("kvs: give --store PATH", file=sys.stderr)
        return 2
    i = argv.index("--store")
    path, words = argv[i + 1], argv[:i] + argv[i + 2:]
    if not words:
        print("kvs: no command", file=sys.stderr)
        return 2
    db = connect(path)
    try:
        out, dirty = execute(db, words[0], words[1:])
        if dirty:
            persist(path, db)
    except Fail as exc:
        print(str(exc), file=sys.stderr)
        return exc.code
    finally:
        db.close()
    for line in out:
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
