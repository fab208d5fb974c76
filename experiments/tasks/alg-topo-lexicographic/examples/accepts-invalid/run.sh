#!/usr/bin/env bash
# This suite accepts invalid implementation i5-adds-missing-keys-to-input: it never
# checks that the input graph is left unchanged (and i4-duplicate-edges-counted-twice:
# no duplicate edge is ever given).
set -u
cd "$APP_DIR"
exec python3 -m pytest -q -p no:cacheprovider --tb=short \
    --junitxml="${OUTPUT_DIR:-/tmp}/results.xml" "$TESTS_DIR"
