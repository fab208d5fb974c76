#!/bin/bash
set -euo pipefail
cat > /app/slug.py <<'PY'
def slugify(text):
    out, dash = [], False
    for ch in text.lower():
        if ("a" <= ch <= "z") or ("0" <= ch <= "9"):
            if dash and out:
                out.append("-")
            out.append(ch)
            dash = False
        else:
            dash = True
    return "".join(out)
PY
