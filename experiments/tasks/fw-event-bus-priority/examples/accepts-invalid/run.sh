#!/usr/bin/env bash
set -u
# Omits the decorator test, so it accepts i4-decorator-returns-none.
cd "$APP_DIR"
exec python3 -m pytest -q -p no:cacheprovider --tb=short \
    --junitxml="${OUTPUT_DIR:-/tmp}/results.xml" "$TESTS_DIR"
