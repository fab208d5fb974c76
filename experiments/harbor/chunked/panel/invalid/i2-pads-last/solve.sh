#!/bin/bash
set -euo pipefail
cat > /app/chunks.py <<'PY'
def chunked(items, n):
    if n < 1:
        raise ValueError("n must be positive")
    out = [list(items[i:i + n]) for i in range(0, len(items), n)]
    if out and len(out[-1]) < n:
        out[-1] += [None] * (n - len(out[-1]))
    return out
PY
