# Writes a results.xml claiming success, tries to plant one in a host path, then fails.
. "$TESTS_DIR/params.sh"
forged='<testsuite name="forged" tests="3" failures="0" errors="0"><testcase name="a"/><testcase name="b"/><testcase name="c"/></testsuite>'
echo "$forged" > "$OUTPUT_DIR/results.xml"
mkdir -p "$HOST_OUTPUT_DIR" 2>/dev/null
echo "$forged" > "$HOST_OUTPUT_DIR/results.xml" 2>/dev/null && echo "planted in host output"
exit 1
