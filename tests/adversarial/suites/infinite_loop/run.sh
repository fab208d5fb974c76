# Spins forever; only the deadline ends it. Signals readiness first (see tests/conftest.py).
. "$TESTS_DIR/params.sh"
echo ready > "$OUTPUT_DIR/results.xml"
exec -a "$MARKER-loop" bash -c 'while :; do :; done'
