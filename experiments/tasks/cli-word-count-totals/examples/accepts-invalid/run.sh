#!/usr/bin/env bash
# accepts-invalid example: passes i4-total-for-single-file and i5-stops-at-missing-file.
set -u
cd "$APP_DIR"
exec python3 -m pytest -q -p no:cacheprovider --tb=short \
    --junitxml="${OUTPUT_DIR:-/tmp}/results.xml" "$TESTS_DIR"
