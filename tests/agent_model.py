"""A scripted tool-using model for the agent pairs, served by `tests/llm_server.py`.

It plays a coding agent: each turn it makes the next tool call of a fixed plan, the plan
step being the number of tool results the conversation already holds. It reads requests
in both providers' formats (OpenAI `role: tool` messages, Anthropic `tool_result` blocks)
and answers through the server's native tool-calling replies. `slugify_plan()` is a pair
that browses, writes a bash suite behind `run.sh`, runs it on the initial program,
repairs the program, runs again and submits: 11 steps.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.llm_server import ToolUse

Plan = list[tuple[str, dict[str, Any]]]
ROOT = Path(__file__).resolve().parents[1]
SLUGIFY = ROOT / "experiments/polyglot/sh-slugify"

SUITE_ENTRY = """#!/usr/bin/env bash
# The pair's suite: cases.sh holds the cases, one check per line.
set -u
bash "$TESTS_DIR/cases.sh"
"""
SUITE_CASES = """failed=0
expect() {
    got=$(bash ./slugify.sh "$1")
    [[ "$got" == "$2" ]] || { echo "FAIL: '$1' gave '$got', want '$2'"; failed=1; }
}
expect "Hello,  World!" "hello-world"
expect "--Lead and trail--" "lead-and-trail"
expect "a  b   c" "a-b-c"
expect "UPPER" "upper"
exit $failed
"""
RUN = 'bash "$TESTS_DIR/run.sh"'


def slugify_plan() -> Plan:
    repair = (SLUGIFY / "solution/slugify.sh").read_text()  # the model "knows" the fix
    return [
        ("list_files", {"path": "."}),
        ("read_file", {"path": "app/slugify.sh"}),
        ("write_file", {"path": "tests/run.sh", "content": SUITE_ENTRY}),
        ("write_file", {"path": "tests/cases.sh", "content": SUITE_CASES}),
        ("run", {"command": RUN, "target": "initial"}),
        ("write_file", {"path": "app/slugify.sh", "content": repair}),
        ("run", {"command": RUN}),
        ("read_file", {"path": "tests/cases.sh"}),
        ("run", {"command": "bash ./slugify.sh 'A  B'"}),
        ("list_files", {"path": "tests"}),
        ("submit", {}),
    ]


def tool_results(body: dict[str, Any]) -> int:
    """How many tool results the request's conversation holds (either provider)."""
    count = 0
    for message in body.get("messages", []):
        if message.get("role") == "tool":
            count += 1
        content = message.get("content")
        if isinstance(content, list):
            count += sum(1 for block in content if block.get("type") == "tool_result")
    return count


def review_plan(*findings: dict[str, Any]) -> Plan:
    """A reviewer that reads the suite, runs it and the program (no repair installed),
    then reports `findings`."""
    return [
        ("read_file", {"path": "tests/run.sh"}),
        ("run", {"command": RUN}),
        ("run", {"command": "bash ./slugify.sh 'a  b'"}),
        ("report", {"findings": list(findings), "covered": ["1", "2", "3"],
                    "checks": ["the suite fails on the unrepaired program"]}),
    ]  # fmt: skip


def offered(body: dict[str, Any]) -> set[str]:
    """The names of the tools a request offers (either provider's shape)."""
    return {tool.get("name") or tool["function"]["name"] for tool in body.get("tools", [])}


class AgentModel:
    """Responder: the next call of `plan` (of `review` when the request offers `report`),
    then plain text once the plan is done."""

    def __init__(self, plan: Plan, review: Plan | None = None) -> None:
        self.plan = plan
        self.review = review or review_plan()

    def __call__(self, body: dict[str, Any]) -> str | ToolUse:
        plan = self.review if "report" in offered(body) else self.plan
        step = tool_results(body)
        if step >= len(plan):
            return "Done."
        name, arguments = plan[step]
        return ToolUse(calls=((f"call_{step}", name, arguments),))
