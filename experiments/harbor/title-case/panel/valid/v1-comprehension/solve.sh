#!/bin/bash
set -euo pipefail
cat > /app/titles.py <<'PY'
def title_case(text):
    small = ("a", "an", "the", "of")
    words = [w.lower() for w in text.split()]
    return " ".join(
        w if (i > 0 and w in small) else w.capitalize() for i, w in enumerate(words)
    )
PY
