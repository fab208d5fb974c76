#!/bin/bash
set -euo pipefail
cat > /app/chunks.py <<'PY'
def chunked(items, n):
    if n < 1:
        raise ValueError("n must be positive")
    return [list(items[i:i + n]) for i in range(0, len(items), n)]
PY
