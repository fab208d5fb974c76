#!/bin/bash
set -euo pipefail
cat > /app/clamp.py <<'PY'
def clamp(x, lo, hi):
    if hi < lo:
        raise ValueError("lo must not exceed hi")
    if x < lo:
        return lo
    if x > hi:
        return hi
    return x
PY
