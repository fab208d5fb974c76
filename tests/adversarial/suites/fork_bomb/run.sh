# Every process forks until fork fails, then all of them sleep: only the deadline ends it.
. "$TESTS_DIR/params.sh"
exec python3 "$TESTS_DIR/bomb.py" "$MARKER-bomb"
