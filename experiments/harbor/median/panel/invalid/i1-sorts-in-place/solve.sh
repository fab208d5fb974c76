#!/bin/bash
set -euo pipefail
cat > /app/stats.py <<'PY'
def median(values):
    if not values:
        raise ValueError("median of nothing")
    values.sort()
    mid = len(values) // 2
    if len(values) % 2:
        return values[mid]
    return (values[mid - 1] + values[mid]) / 2
PY
