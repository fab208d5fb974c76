# Tries to write each host path in $TARGETS (outside the workspace); reports each attempt,
# exits 0.
. "$TESTS_DIR/params.sh"
for target in $TARGETS; do
    mkdir -p "$(dirname "$target")" 2>/dev/null
    if echo owned 2>/dev/null > "$target"; then echo "wrote $target"; else echo "denied $target"; fi
done
exit 0
