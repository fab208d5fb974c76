# Names the absolute host path of a hidden reference and tries to read it; exits 0.
. "$TESTS_DIR/params.sh"
cat "$HIDDEN_FILE"
ls -la "$(dirname "$HIDDEN_FILE")"
find / -xdev -name "$(basename "$HIDDEN_FILE")" 2>/dev/null
find / -xdev -name "$(basename "$HIDDEN_FILE")" -exec cat {} + 2>/dev/null
exit 0
