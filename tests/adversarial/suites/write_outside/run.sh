# Tries to write host paths outside the workspace; reports each attempt, exits 0.
. "$TESTS_DIR/params.sh"
for target in "$OUTSIDE_FILE" "/tmp/$MARKER-tmp" "/etc/$MARKER-etc" "/root/$MARKER-root" \
              "/usr/$MARKER-usr" "/work/$MARKER-work" "/$MARKER-root-dir"; do
    mkdir -p "$(dirname "$target")" 2>/dev/null
    if echo owned > "$target" 2>/dev/null; then echo "wrote $target"; else echo "denied $target"; fi
done
exit 0
