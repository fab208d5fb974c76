# Several processes each hold a share of memory that fits one process's limit, together
# far more than the run's limit; exits 0 only if every one of them held its share.
. "$TESTS_DIR/params.sh"
exec python3 "$TESTS_DIR/spread.py" "$MARKER-spread"
