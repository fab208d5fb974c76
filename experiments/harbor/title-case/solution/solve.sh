#!/bin/bash
set -euo pipefail
cat > /app/titles.py <<'PY'
SMALL = {"a", "an", "the", "of"}


def title_case(text):
    words = text.split()
    out = []
    for i, w in enumerate(words):
        low = w.lower()
        out.append(low if i and low in SMALL else low[:1].upper() + low[1:])
    return " ".join(out)
PY
