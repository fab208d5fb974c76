#!/bin/bash
set -euo pipefail
cat > /app/chunks.py <<'PY'
def chunked(items, n):
    if n < 0:
        raise ValueError("n must be positive")
    n = max(n, 1)
    return [list(items[i:i + n]) for i in range(0, len(items), n)]
PY
