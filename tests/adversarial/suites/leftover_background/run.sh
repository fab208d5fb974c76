# Daemonizes three ways (setsid, nohup, double fork) and exits 0 at once.
. "$TESTS_DIR/params.sh"
setsid bash -c 'exec -a "$0" sleep 600' "$MARKER-setsid" </dev/null >/dev/null 2>&1 &
nohup bash -c 'exec -a "$0" sleep 600' "$MARKER-nohup" </dev/null >/dev/null 2>&1 &
( ( exec -a "$MARKER-double" sleep 600 ) & ) </dev/null >/dev/null 2>&1
echo daemons started
exit 0
