"""A scripted tool-using model for the agent pairs, served by `tests/support/llm_server.py`.

It plays a coding agent: each turn it makes the next tool call of a fixed plan, the plan
step being the number of tool results the conversation already holds. It reads requests
in both providers' formats (OpenAI `role: tool` messages, Anthropic `tool_result` blocks)
and answers through the server's native tool-calling replies. The one question asked
without tools, direction planning, gets a plan whose direction (`PLANNED`) the first pair
works on. `slugify_plan()` is a pair that browses, writes a bash suite behind `run.sh`,
runs it on the initial program, repairs the program, runs again and submits: 11 steps.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from evaluators.runners.testhelix.signatures import Direction, DirectionPlan
from evaluators.runners.testhelix.synthesis import BRANCH_STRATEGIES
from tests.support.harness_pool_model import render
from tests.support.llm_server import ToolUse

Plan = list[tuple[str, dict[str, Any]]]
ROOT = Path(__file__).resolve().parents[2]
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
PLANNED_DIRECTION = Direction(name="Separators", focus="runs of spaces and punctuation")
PLANNED = f"{PLANNED_DIRECTION.name}: {PLANNED_DIRECTION.focus}"  # the first solver's direction
FEEDBACK = "Corrective feedback"  # the feedback prompt's first words
CHALLENGE = "Differential challenge"  # the challenger prompt's first words
REVISED = "# revised"


def slugify_plan(repair: str | None = None, cases: str = SUITE_CASES) -> Plan:
    """`repair` replaces the reference fix (a peer with another repair); `cases` the
    suite's cases."""
    if repair is None:
        repair = (SLUGIFY / "solution/slugify.sh").read_text()  # the model "knows" the fix
    return [
        ("list_files", {"path": "."}),
        ("read_file", {"path": "app/slugify.sh"}),
        ("write_file", {"path": "tests/run.sh", "content": SUITE_ENTRY}),
        ("write_file", {"path": "tests/cases.sh", "content": cases}),
        ("run", {"command": RUN, "target": "initial"}),
        ("write_file", {"path": "app/slugify.sh", "content": repair}),
        ("run", {"command": RUN}),
        ("read_file", {"path": "tests/cases.sh"}),
        ("run", {"command": "bash ./slugify.sh 'A  B'"}),
        ("list_files", {"path": "tests"}),
        ("submit", {}),
    ]


def digitless_repair() -> str:
    """A plausible wrong repair: digits become `-` too (the requirement keeps them). It
    passes `SUITE_CASES`, which has no digits."""
    reference = (SLUGIFY / "solution/slugify.sh").read_text()
    return reference.replace("tr -cs 'a-z0-9' '-'", "tr -cs 'a-z' '-'")


def with_case(text: str, want: str, cases: str = SUITE_CASES) -> str:
    """`cases` with one more case."""
    return cases.replace("exit $failed", f'expect "{text}" "{want}"\nexit $failed')


def revise_plan(entry: str = SUITE_ENTRY) -> Plan:
    """A pair's answer to corrective feedback: a suite marked revised, run, submitted."""
    return [
        ("write_file", {"path": "tests/run.sh", "content": entry + REVISED + "\n"}),
        ("run", {"command": RUN}),
        ("submit", {}),
    ]


def challenge_plan(cases: str) -> Plan:
    """A challenger that reads repair b, extends the cases, runs them on both repairs
    and submits."""
    return [
        ("list_files", {"path": "repairs"}),
        ("read_file", {"path": "repairs/b/slugify.sh"}),
        ("write_file", {"path": "tests/cases.sh", "content": cases}),
        ("run", {"command": RUN, "target": "a"}),
        ("run", {"command": RUN, "target": "b"}),
        ("submit", {}),
    ]


def _direction(index: int) -> str:
    """The branch direction pair `index` works on: the planned one for the first solver."""
    return PLANNED if index == 0 else BRANCH_STRATEGIES[index]


def tool_results(body: dict[str, Any], after: str | None = None) -> int:
    """How many tool results the request's conversation holds (either provider); with
    `after`, only those after the last message whose text contains it."""
    count = 0
    for message in body.get("messages", []):
        content = message.get("content")
        if after is not None and message.get("role") == "user" and after in str(content):
            count = 0
        if message.get("role") == "tool":
            count += 1
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
    """Responder for every agent session of a task, told apart by what a request holds:
    a reviewer (`report` offered) follows `review`, or `review_revised` once it has read
    a suite marked `# revised`; a challenger (its prompt) follows `challenge`; a pair
    follows `plans[i]` for the pair whose branch direction the prompt names (the planned
    one for pair 0; `plan` for any other), then `feedback` after a corrective feedback
    message. Past its plan it answers plain text."""

    def __init__(
        self,
        plan: Plan,
        review: Plan | None = None,
        *,
        plans: dict[int, Plan] | None = None,
        feedback: Plan | None = None,
        review_revised: Plan | None = None,
        challenge: Plan | None = None,
    ) -> None:
        self.plan = plan
        self.review = review or review_plan()
        self.plans = plans or {}
        self.feedback = feedback or []
        self.review_revised = review_revised
        self.challenge = challenge or []
        self.planned = 0  # planning questions answered

    def _pick(self, body: dict[str, Any]) -> tuple[Plan, int]:
        text = json.dumps(body)
        if "report" in offered(body):
            revised = self.review_revised is not None and REVISED in text
            return (self.review_revised if revised else self.review) or [], tool_results(body)
        if CHALLENGE in text:
            return self.challenge, tool_results(body)
        if FEEDBACK in text:
            return self.feedback, tool_results(body, after=FEEDBACK)
        index = next((i for i in self.plans if _direction(i) in text), None)
        return (self.plan if index is None else self.plans[index]), tool_results(body)

    def __call__(self, body: dict[str, Any]) -> str | ToolUse:
        if "tools" not in body:  # the structured direction-planning question
            self.planned += 1
            return render("plan", DirectionPlan(directions=[PLANNED_DIRECTION]))
        plan, step = self._pick(body)
        if step >= len(plan):
            return "Done."
        name, arguments = plan[step]
        return ToolUse(calls=((f"call_{step}", name, arguments),))
