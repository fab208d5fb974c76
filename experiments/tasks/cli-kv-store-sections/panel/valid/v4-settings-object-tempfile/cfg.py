"""cfg: a Settings object with an atomic JSON save through tempfile."""

import json
import os
import re
import sys
import tempfile

TOKEN = "[A-Za-z0-9_-]+"


class Settings:
    def __init__(self, path):
        self.path = path
        self.tree = {}
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as fh:
                self.tree = json.load(fh)

    def save(self):
        folder = os.path.dirname(os.path.abspath(self.path))
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".cfg-")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(self.tree, fh, sort_keys=True, indent=2)
        os.replace(tmp, self.path)

    def render(self, section=None):
        if section is not None:
            keys = self.tree[section]
            return [f"{k} = {keys[k]}" for k in sorted(keys)]
        blocks = []
        for sec in sorted(self.tree):
            keys = self.tree[sec]
            blocks.append("\n".join([f"[{sec}]"] + [f"{k} = {keys[k]}" for k in sorted(keys)]))
        return ["\n\n".join(blocks)] if blocks else []


def main(argv):
    if "--file" not in argv[:-1]:
        sys.stderr.write("cfg: please give --file PATH\n")
        return 2
    i = argv.index("--file")
    path, words = argv[i + 1], argv[:i] + argv[i + 2:]
    cmd, args = (words[0], words[1:]) if words else ("", [])
    valid = {
        "set": len(args) == 2 and re.fullmatch(rf"{TOKEN}\.{TOKEN}", args[0]),
        "get": len(args) == 1 and re.fullmatch(rf"{TOKEN}\.{TOKEN}", args[0]),
        "unset": len(args) == 1 and re.fullmatch(rf"{TOKEN}\.{TOKEN}", args[0]),
        "show": len(args) == 0 or (len(args) == 1 and re.fullmatch(TOKEN, args[0])),
    }
    if not valid.get(cmd):
        sys.stderr.write(f"cfg: cannot run {' '.join(words)!r}\n")
        return 2
    st = Settings(path)
    if cmd == "show":
        if args and args[0] not in st.tree:
            sys.stderr.write("cfg: unknown section\n")
            return 1
        for line in st.render(args[0] if args else None):
            print(line)
        return 0
    sec, key = args[0].split(".")
    if cmd == "set":
        st.tree.setdefault(sec, {})[key] = args[1]
        st.save()
        return 0
    if key not in st.tree.get(sec, {}):
        sys.stderr.write(f"cfg: nothing stored for {args[0]}\n")
        return 1
    if cmd == "get":
        print(st.tree[sec][key])
        return 0
    st.tree[sec].pop(key)
    if not st.tree[sec]:
        st.tree.pop(sec)
    st.save()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
