#!/bin/bash
set -euo pipefail
cat > /app/titles.py <<'PY'
SMALL = {"a", "an", "the", "of"}


def title_case(text):
    words = text.split()
    return " ".join(
        w.lower() if i and w.lower() in SMALL else w[:1].upper() + w[1:]
        for i, w in enumerate(words)
    )
PY
