#!/usr/bin/env bash
set -u
# Accepts invalid i1-returns-float-seconds (5400.0 == 5400), i2-unicode-digits,
# i4-lowercase-units-only and i5-generic-error-message: no type, digit, case or
# message checks.
cd "$APP_DIR"
exec python3 -m pytest -q -p no:cacheprovider --tb=short \
    --junitxml="${OUTPUT_DIR:-/tmp}/results.xml" "$TESTS_DIR"
