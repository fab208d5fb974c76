#!/usr/bin/env bash
# Trusted verifier of slugify.sh (hidden).
set -u
cd "$APP_DIR"
failed=0
check() {
    local got
    got=$(bash ./slugify.sh "$1")
    if [[ "$got" != "$2" ]]; then
        echo "FAIL: slugify.sh '$1' printed '$got', expected '$2'"
        failed=1
    fi
}
check "Hello,  World!" "hello-world"
check "already-a-slug" "already-a-slug"
check "  Trim me  " "trim-me"
check "A--B" "a-b"
check "MiXeD 42 Case" "mixed-42-case"
check "!!!" ""
check "x" "x"
exit $failed
