#!/bin/bash
set -euo pipefail
cat > /app/dedupe.py <<'PY'
def dedupe(items):
    return list(dict.fromkeys(items))
PY
