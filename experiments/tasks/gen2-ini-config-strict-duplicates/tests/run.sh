#!/usr/bin/env bash
set -u
cd "$APP_DIR"
exec python3 -m pytest -q -p no:cacheprovider --tb=short \
    --junitxml="${OUTPUT_DIR:-/tmp}/results.xml" "$TESTS_DIR"
