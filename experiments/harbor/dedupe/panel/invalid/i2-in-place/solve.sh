#!/bin/bash
set -euo pipefail
cat > /app/dedupe.py <<'PY'
def dedupe(items):
    seen = set()
    i = 0
    while i < len(items):
        if items[i] in seen:
            del items[i]
        else:
            seen.add(items[i])
            i += 1
    return items
PY
