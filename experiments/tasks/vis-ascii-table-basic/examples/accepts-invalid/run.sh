#!/usr/bin/env bash
# accepts-invalid example: passes i3-bool-right-aligned and i5-pads-rows-in-place.
set -u
cd "$APP_DIR"
exec python3 -m pytest -q -p no:cacheprovider --tb=short \
    --junitxml="${OUTPUT_DIR:-/tmp}/results.xml" "$TESTS_DIR"
