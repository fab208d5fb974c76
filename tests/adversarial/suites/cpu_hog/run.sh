# Spins every CPU it can get from many processes, each with many threads, for SPIN seconds
# of wall time, then reports the CPU time they used; exits 0.
. "$TESTS_DIR/params.sh"
exec python3 "$TESTS_DIR/hog.py" "$MARKER-cpuhog"
