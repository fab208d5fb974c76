#!/bin/bash
set -euo pipefail
cat > /app/slug.py <<'PY'
import re


def slugify(text):
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-")
PY
