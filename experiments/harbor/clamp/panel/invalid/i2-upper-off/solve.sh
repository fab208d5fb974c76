#!/bin/bash
set -euo pipefail
cat > /app/clamp.py <<'PY'
def clamp(x, lo, hi):
    if lo > hi:
        raise ValueError("bad range")
    return max(lo, min(x, hi - 1)) if x > hi else max(lo, x)
PY
