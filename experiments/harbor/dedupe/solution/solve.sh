#!/bin/bash
set -euo pipefail
cat > /app/dedupe.py <<'PY'
def dedupe(items):
    seen = set()
    out = []
    for item in items:
        if item not in seen:
            seen.add(item)
            out.append(item)
    return out
PY
