#!/bin/bash
set -euo pipefail
cat > /app/chunks.py <<'PY'
def chunked(items, n):
    if n < 1:
        raise ValueError("chunk size must be at least 1")
    out, cur = [], []
    for item in items:
        cur.append(item)
        if len(cur) == n:
            out.append(cur)
            cur = []
    if cur:
        out.append(cur)
    return out
PY
