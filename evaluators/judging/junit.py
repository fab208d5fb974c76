"""Per-test results from a suite's JUnit XML (`$OUTPUT_DIR/results.xml`).

The XML is written by untrusted code, so it is parsed with defusedxml, its size is capped,
and anything malformed yields `None` (no per-test results) rather than an exception.
"""

from __future__ import annotations

from enum import Enum
from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring
from pydantic import BaseModel, ConfigDict

from evaluators.sandbox import DEFAULT_RESULTS_XML_LIMIT_BYTES

MAX_TEST_CASES = 20_000
MAX_NAME_CHARS = 500


class TestStatus(str, Enum):
    """The status of one test case; `FAILED` and `ERROR` both mean the test killed the target."""

    __test__ = False  # not a pytest test class despite the name

    PASSED = "passed"
    FAILED = "failed"
    ERROR = "error"
    SKIPPED = "skipped"


# When one test id appears more than once (e.g. a pass followed by a teardown error), the
# worst status wins.
_SEVERITY = {TestStatus.PASSED: 0, TestStatus.SKIPPED: 1, TestStatus.FAILED: 2, TestStatus.ERROR: 3}


class TestCaseResult(BaseModel):
    """One test case: `test_id` is `classname::name` (just `name` without a classname)."""

    __test__ = False

    model_config = ConfigDict(frozen=True)

    test_id: str
    status: TestStatus


def _status(case: Element) -> TestStatus:
    tags = {child.tag for child in case}
    if "error" in tags:
        return TestStatus.ERROR
    if "failure" in tags:
        return TestStatus.FAILED
    if "skipped" in tags:
        return TestStatus.SKIPPED
    return TestStatus.PASSED


def _test_id(case: Element) -> str:
    name = (case.get("name") or "").strip()[:MAX_NAME_CHARS]
    classname = (case.get("classname") or "").strip()[:MAX_NAME_CHARS]
    return f"{classname}::{name}" if classname else name


def parse_junit(
    xml: str | None, *, limit_bytes: int = DEFAULT_RESULTS_XML_LIMIT_BYTES
) -> tuple[TestCaseResult, ...] | None:
    """Parse JUnit XML into test cases in document order, one per distinct test id.

    Returns `None` when there is no XML, it exceeds `limit_bytes`, it is not well-formed,
    uses forbidden constructs (entities, DTDs), has no `testsuite(s)` root or holds more than
    `MAX_TEST_CASES` test cases. An empty suite gives an empty tuple.
    """
    if xml is None or len(xml.encode("utf-8", errors="replace")) > limit_bytes:
        return None
    try:
        root = fromstring(xml, forbid_dtd=True)
    except (ParseError, DefusedXmlException, ValueError):
        return None
    if root.tag not in ("testsuites", "testsuite"):
        return None
    statuses: dict[str, TestStatus] = {}
    for count, case in enumerate(root.iter("testcase"), start=1):
        if count > MAX_TEST_CASES:
            return None
        test_id = _test_id(case)
        if not test_id:
            continue
        status = _status(case)
        previous = statuses.get(test_id)
        if previous is None or _SEVERITY[status] > _SEVERITY[previous]:
            statuses[test_id] = status
    return tuple(TestCaseResult(test_id=key, status=value) for key, value in statuses.items())
