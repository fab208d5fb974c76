#!/usr/bin/env bash
# This suite accepts invalid implementation i5-sorts-input-in-place (and
# i3-crashes-on-empty): it never checks that the input list is left unchanged,
# nor what happens on empty input.
set -u
cd "$APP_DIR"
exec python3 -m pytest -q -p no:cacheprovider --tb=short \
    --junitxml="${OUTPUT_DIR:-/tmp}/results.xml" "$TESTS_DIR"
