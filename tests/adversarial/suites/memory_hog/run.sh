# Allocates and touches memory in 32 MiB steps, far beyond any limit.
. "$TESTS_DIR/params.sh"
exec python3 "$TESTS_DIR/hog.py" "$MARKER-hog"
