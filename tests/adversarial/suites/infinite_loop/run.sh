# Spins forever; only the deadline ends it.
. "$TESTS_DIR/params.sh"
exec -a "$MARKER-loop" bash -c 'while :; do :; done'
