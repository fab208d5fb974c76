#!/usr/bin/env bash
# This suite accepts invalid implementation i1-accepts-lowercase: it never feeds a
# lowercase numeral, so an implementation that upper-cases its input passes.
set -u
cd "$APP_DIR"
exec python3 -m pytest -q -p no:cacheprovider --tb=short \
    --junitxml="${OUTPUT_DIR:-/tmp}/results.xml" "$TESTS_DIR"
