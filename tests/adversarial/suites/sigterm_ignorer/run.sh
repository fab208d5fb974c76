# A child that ignores SIGTERM (and its parent sleeping); only SIGKILL at the deadline ends them.
# Signals readiness once the child ignores SIGTERM (see tests/conftest.py).
. "$TESTS_DIR/params.sh"
bash -c 'trap "" TERM HUP INT; echo ready > "$OUTPUT_DIR/results.xml"; exec -a "$0" sleep 600' \
    "$MARKER-stubborn" &
trap '' TERM HUP INT
exec -a "$MARKER-parent" sleep 600
