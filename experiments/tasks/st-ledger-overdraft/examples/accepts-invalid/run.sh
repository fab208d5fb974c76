#!/usr/bin/env bash
set -u
# Omits the failed-operations history test, so it accepts i4-history-records-failures.
cd "$APP_DIR"
exec python3 -m pytest -q -p no:cacheprovider --tb=short \
    --junitxml="${OUTPUT_DIR:-/tmp}/results.xml" "$TESTS_DIR"
