# Tries the host's loopback listener, a private address and a public one; exits 0 only if all fail.
. "$TESTS_DIR/params.sh"
exec python3 "$TESTS_DIR/connect.py" "$HOST_PORT"
