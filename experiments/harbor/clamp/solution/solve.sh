#!/bin/bash
set -euo pipefail
cat > /app/clamp.py <<'PY'
def clamp(x, lo, hi):
    if lo > hi:
        raise ValueError(f"empty range [{lo}, {hi}]")
    return max(lo, min(x, hi))
PY
