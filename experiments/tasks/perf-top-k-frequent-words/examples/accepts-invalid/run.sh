#!/usr/bin/env bash
set -u
# Accepts invalid i2-ties-reverse-alphabetical: the tie test checks only the
# set of returned words, never their order.
cd "$APP_DIR"
exec python3 -m pytest -q -p no:cacheprovider --tb=short \
    --junitxml="${OUTPUT_DIR:-/tmp}/results.xml" "$TESTS_DIR"
