#!/bin/bash
set -euo pipefail
cat > /app/titles.py <<'PY'
SMALL = {"a", "an", "the", "of"}


def title_case(text):
    return " ".join(w.lower() if w.lower() in SMALL else w.capitalize() for w in text.split())
PY
