#!/usr/bin/env bash
# accepts-invalid example: passes i2-decimal-pattern-only and i4-whitespace-cell-is-error.
set -u
cd "$APP_DIR"
exec python3 -m pytest -q -p no:cacheprovider --tb=short \
    --junitxml="${OUTPUT_DIR:-/tmp}/results.xml" "$TESTS_DIR"
