#!/usr/bin/env bash
set -u
# Accepts invalid i3-clamps-like-slices, i4-shares-caller-list and
# i5-sums-slice-per-query: nothing checks out-of-range indexes, later mutation of
# the input list, or the running time.
cd "$APP_DIR"
exec python3 -m pytest -q -p no:cacheprovider --tb=short \
    --junitxml="${OUTPUT_DIR:-/tmp}/results.xml" "$TESTS_DIR"
