#!/bin/bash
set -euo pipefail
cat > /app/dedupe.py <<'PY'
def dedupe(items):
    return list(reversed(list(dict.fromkeys(reversed(items)))))
PY
