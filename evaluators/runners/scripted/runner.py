"""The scripted author: a deterministic, LLM-free runner for offline searches and CI.

It sees only the `PublicTask` and the task's author pool (`author/pool.toml`, hidden
material only this runner reads), composes a pytest submission from pool items, checks
it on the public initial program inside the sandbox, and submits. Every mutable
strategy field changes what it does:

- contextTokens: the context holds a fixed harness prompt (HARNESS_TOKENS), the guidance,
  the retrieved lessons, the routed skill's text, the intro and the environment files
  (4 chars per token). The rest is spent reading requirement clauses in order, each
  costing CLAUSE_READ_TOKENS plus its text; clauses beyond the budget are never seen and
  get no tests.
- skillRoutes: the route for the task's context enables the technique its skill teaches.
- lessons: lessons retrieved (literal triggers over the public text, generation phase)
  enable the techniques named by their capability tags (a technique or a skill name).
- guidance: technique words in the guidance (GUIDANCE_WORDS) enable those techniques for
  every task. Items of enabled non-basic techniques are written before basic ones.
- agentSteps: each round's step budget. It pays for the items written (each item has a
  cost), for the check run (CHECK_STEPS: run the suite, read its output) and for every
  repair after it (REPAIR_AGENT_STEPS each, with a re-check). Writing stops while fewer
  than CHECK_STEPS would be left; repairs stop while fewer than one repair plus a re-check
  are left, so a round that wrote a lot may leave its broken tests for the next round or
  the review. Round 1 writes up to two items per seen clause (one per clause first), so
  reading more clauses (contextTokens) needs more steps.
- maxRounds: each further round writes one more item for every seen clause that has no
  test failing on the initial program yet (never one the author dropped earlier).
- repairSteps: the session's budget for rewriting broken tests. After each check, tests
  whose failure section in the visible output shows a broken-test signature (NameError,
  missing fixture, ImportError) are rewritten to their repaired variant, which costs as
  many repair steps as the item cost to write (a complex test takes longer to fix), or
  dropped when there is none (one step). A rewrite the budget cannot pay is not made.
- toolOutputChars: the check output is cut to this many chars before the author reads it,
  so late failure sections (and the broken tests they show) can be invisible. Per-test
  pass/fail comes from the JUnit report, without messages.
- reviewMaxOutputTokens: a final review goes through the items in suite order, writing for
  each a verdict (`mending.REVIEW_VERDICT_TOKENS`) that quotes the test it judges (its
  tokens), and stops at the first item its output budget cannot pay for: a long
  table-driven test is costly to review. Among the items it reads it drops those that
  assert incidental details (even one that was the only test failing on the initial
  program: the review judges the code, not the check), and rewrites broken ones while
  repair steps last, else drops them.

With `[runner.scripted] noise` above 0 the author slips now and then (items written
broken, clauses skipped, a fallible review), seeded per (strategy, task, seed, repeat);
see `evaluators.runners.scripted.noise` for the rates. Repairs and the review live in
`evaluators.runners.scripted.mending`.

Within one search a check is run once per (task, suite content): another strategy that
wrote the same suite reads the first run's result, as the deterministic author it is
would. The trace does not say which evaluation ran it, so the journal is the same at
any worker count.

The trace records what it saw and did: clause counts, techniques, lesson ids, written
item ids with clause and technique, check outcomes, visible output, repairs and the
review's judgement ("dropped" or "repaired", never why). Never hidden panels, references
or the pool's flaw tags.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from evaluators.judging import Once, TestStatus, directory_digest, parse_junit
from evaluators.runners.base import RunnerLimits, RunnerResult, Trace, Usage
from evaluators.runners.scripted.clauses import Clause, parse_instruction
from evaluators.runners.scripted.mending import CHARS_PER_TOKEN, Mender, tokens
from evaluators.runners.scripted.noise import AuthorNoise, NoiseKey, ScriptedSettings
from evaluators.runners.suite_draft import Draft, identify_broken, stable_output
from evaluators.sandbox import Outcome, RunResult, RunSpec, Sandbox
from evaluators.tasks import (
    SKILL_TECHNIQUE,
    AuthorItem,
    AuthorPool,
    PoolProvider,
    PublicTask,
    Technique,
)
from search_space import Component, Strategy, retrieve_lessons, strategy_id

HARNESS_TOKENS = 13_000
CLAUSE_READ_TOKENS = 1_000
SKILL_DOC_TOKENS = 1_500
ITEMS_PER_CLAUSE_FIRST_ROUND = 2
CHECK_STEPS = 2  # run the suite, read its output
REPAIR_AGENT_STEPS = 1  # rewrite one test
# What makes two checks of one suite the same run, besides the suite's files (the program
# is always the task's public environment).
_SAME_RUN = {
    *("timeout_s", "memory_mb", "cpus", "max_pids", "output_limit_bytes"),
    *("image", "app_dir", "path"),
}
CheckRun = Callable[[RunSpec, str], RunResult]  # (spec, task id) -> the check's run

GUIDANCE_WORDS: dict[Technique, tuple[str, ...]] = {
    Technique.BOUNDARY: ("boundary", "edge case", "off-by-one", "empty input"),
    Technique.ERROR: ("error contract", "exception", "invalid input"),
    Technique.INVARIANT: ("invariant", "property"),
    Technique.STATEFUL: ("state transition", "sequence of calls", "stateful"),
    Technique.CLI: ("exit code", "stderr", "subprocess", "command line"),
    Technique.PERFORMANCE: ("performance", "complexity", "large input"),
    Technique.FRAMEWORK: ("framework", "hook", "plugin", "middleware"),
    Technique.ORACLE: ("oracle", "brute force", "differential"),
    Technique.RENDERING: ("rendering", "alignment", "layout"),
}


def enabled_techniques(strategy: Strategy, task: PublicTask) -> tuple[set[Technique], list[str]]:
    """Techniques the strategy turns on for this task, and the retrieved lesson ids."""
    techniques = {Technique.BASIC}
    route = strategy.route_for(task.context)
    if route is not None and route.skill in SKILL_TECHNIQUE:
        techniques.add(SKILL_TECHNIQUE[route.skill])
    lessons = retrieve_lessons(strategy.lessons, task.instruction, Component.GENERATION)
    for lesson in lessons:
        for tag in lesson.capabilities:
            if tag in SKILL_TECHNIQUE:
                techniques.add(SKILL_TECHNIQUE[tag])
            elif tag in Technique._value2member_map_:
                techniques.add(Technique(tag))
    guidance = strategy.guidance.lower()
    for technique, words in GUIDANCE_WORDS.items():
        if any(word in guidance for word in words):
            techniques.add(technique)
    return techniques, [lesson.id for lesson in lessons]


class ScriptedRunner:
    """Deterministic author over `author/` pools; see the module docstring."""

    name = "scripted"

    def __init__(
        self,
        sandbox: Sandbox,
        pools: PoolProvider,
        settings: ScriptedSettings | None = None,
        *,
        seed: int = 42,
        repeat: int = 0,
    ) -> None:
        """`seed` is the evaluation seed and `repeat` the repeat index the noise is keyed by."""
        self._sandbox = sandbox
        self._pools = pools
        self._settings = settings or ScriptedSettings()
        self._seed, self._repeat = seed, repeat
        self._checks: Once[RunResult] = Once(keep=lambda run: run.outcome is not Outcome.ERROR)

    def health_check(self, strategy: Strategy) -> None:
        Strategy.model_validate(strategy.to_json_dict())

    def run(
        self, strategy: Strategy, task: PublicTask, limits: RunnerLimits, workdir: Path
    ) -> RunnerResult:
        key = NoiseKey(strategy_id(strategy), task.id, self._seed, self._repeat)
        noise = AuthorNoise(self._settings.noise, key)
        pool = self._pools.pool_for(task.id)
        session = _Session(strategy, task, pool, limits, workdir, noise)
        return session.run(self._checked)

    def _checked(self, spec: RunSpec, task_id: str) -> RunResult:
        """The sandbox's run of `spec`, or an identical check's from this search: the author
        is a pure function of what it reads, so another strategy that wrote the same suite
        for the same task reads the same result (never marked: the journal stays the same
        whichever evaluation ran it). A run with an `error` outcome is not kept."""
        key = (task_id, directory_digest(spec.tests_dir), spec.model_dump_json(include=_SAME_RUN))
        return self._checks.get(key, lambda: self._sandbox.run(spec))[0]


class _Session:
    def __init__(
        self,
        strategy: Strategy,
        task: PublicTask,
        pool: AuthorPool,
        limits: RunnerLimits,
        workdir: Path,
        noise: AuthorNoise,
    ) -> None:
        self.strategy, self.task, self.pool, self.limits = strategy, task, pool, limits
        self.workdir = workdir
        self.draft = Draft()
        self.phases: list[dict[str, Any]] = []
        self.checks: list[dict[str, Any]] = []
        self.visible = ""
        self.steps = self.calls = self.output_tokens = 0
        self.round_left = 0  # agent steps left in the current round
        self.noise = noise
        self.mender = Mender(self.draft, noise, strategy.repair_steps)

    def run(self, check: CheckRun) -> RunnerResult:
        seen, techniques = self._plan()
        self.task.copy_environment(self.workdir / "app")
        suite_dir = self.workdir / "suite"
        for round_number in range(1, self.strategy.max_rounds + 1):
            targets = seen if round_number == 1 else self._uncaught(seen)
            per_clause = ITEMS_PER_CLAUSE_FIRST_ROUND if round_number == 1 else 1
            if not targets or not self._write_round(round_number, targets, techniques, per_clause):
                break
            self._check(check, suite_dir, round_number)
            if self._repair(round_number):
                self._check(check, suite_dir, round_number)
        self._review()
        submission = self.draft.write(self.workdir / "submission")
        caught = sorted({item.clause for i, item in self.draft.items.items() if self._fails(i)})
        self.phases.append(
            {"phase": "submit", "items": list(self.draft.items), "clauses_caught": caught}
        )
        usage = Usage(
            calls=self.calls,
            steps=self.steps,
            input_tokens=self.calls * self.context_used,
            output_tokens=self.output_tokens,
        )
        trace = Trace(
            runner="scripted",
            task_id=self.task.id,
            phases=tuple(self.phases),
            checks=tuple(self.checks),
            tool_output=self.visible,
            usage=usage,
        )
        return RunnerResult(submission=submission, trace=trace)

    def _plan(self) -> tuple[list[Clause], set[Technique]]:
        intro, clauses = parse_instruction(self.task.instruction)
        techniques, lesson_ids = enabled_techniques(self.strategy, self.task)
        lessons = [les for les in self.strategy.lessons if les.id in lesson_ids]
        route = self.strategy.route_for(self.task.context)
        used = HARNESS_TOKENS + tokens(self.strategy.guidance) + tokens(intro)
        used += sum(tokens(lesson.render()) for lesson in lessons)
        used += SKILL_DOC_TOKENS if route is not None and route.skill else 0
        used += sum(len(f.content) for f in self.task.files) // CHARS_PER_TOKEN
        seen: list[Clause] = []
        for clause in clauses:
            cost = CLAUSE_READ_TOKENS + tokens(clause.text)
            if used + cost > self.strategy.context_tokens:
                break
            seen.append(clause)
            used += cost
        self.context_used = used
        self.calls += 1
        self.phases.append(
            {
                "phase": "planning",
                "clauses_total": len(clauses),
                "clauses_read": len(seen),
                "context_tokens_used": used,
                "skill": route.skill if route else None,
                "lessons": lesson_ids,
                "techniques": sorted(t.value for t in techniques),
            }
        )
        return seen, techniques

    def _candidates(self, clause: int, techniques: set[Technique]) -> list[AuthorItem]:
        usable = [
            item
            for item in self.pool.items
            if item.clause == clause
            and item.technique in techniques
            and item.id not in self.draft.items
            and item.id not in self.mender.dropped
        ]
        # Specialist techniques first: an enabled skill shapes what is written first.
        return sorted(usable, key=lambda item: item.technique is Technique.BASIC)

    def _write_round(
        self,
        round_number: int,
        targets: Iterable[Clause],
        techniques: set[Technique],
        per_clause: int,
    ) -> bool:
        budget = self.strategy.agent_steps
        writable = budget - CHECK_STEPS  # keep the steps to run this round's check
        written: list[dict[str, Any]] = []
        skipped = 0
        if round_number == 1:
            targets = [clause for clause in targets if not self.noise.skips_clause()]
        for _ in range(per_clause):
            for clause in targets:
                options = self._candidates(clause.number, techniques)
                if not options:
                    continue
                item = options[0]
                if item.cost > writable:
                    skipped += 1
                    continue
                writable -= item.cost
                self.mender.write(item)
                self.output_tokens += tokens(item.source)
                written.append(
                    {"item": item.id, "clause": item.clause, "technique": item.technique.value}
                )
        used = budget - CHECK_STEPS - writable
        self.steps += used
        self.round_left = budget - used
        self.calls += len(written)
        self.phases.append(
            {
                "phase": "generation",
                "round": round_number,
                "written": written,
                "steps_used": used,
                "steps_budget": budget,
                "skipped_for_budget": skipped,
            }
        )
        return bool(written)

    def _check(self, check: CheckRun, suite_dir: Path, round_number: int) -> None:
        self.draft.write(suite_dir)
        spec = RunSpec(
            app_layers=(self.workdir / "app",),
            tests_dir=suite_dir,
            timeout_s=self.limits.test_timeout_s,
            **self.task.run_target(),
        )
        result = check(spec, self.task.id)
        spent = min(CHECK_STEPS, self.round_left)  # a re-check may use the last steps
        self.round_left -= spent
        self.steps += spent
        statuses = parse_junit(result.results_xml) or ()
        self.draft.failing = {
            case.test_id.rsplit("::", 1)[-1]
            for case in statuses
            if case.status in (TestStatus.FAILED, TestStatus.ERROR)
        }
        limit = self.strategy.tool_output_chars
        output = stable_output(result.output)  # traces must not vary between identical runs
        self.visible = output[:limit]
        self.calls += 1
        self.checks.append(
            {
                "round": round_number,
                "target": "initial",
                "outcome": result.outcome.value,
                "tests": len(self.draft.items),
                "failing": sorted(self.draft.failing),
                "output_chars": len(output),
                "visible_chars": len(self.visible),
                "truncated": len(output) > limit,
            }
        )

    def _fails(self, item_id: str) -> bool:
        return self.draft.items[item_id].test_name in self.draft.failing

    def _uncaught(self, seen: list[Clause]) -> list[Clause]:
        caught = {item.clause for i, item in self.draft.items.items() if self._fails(i)}
        return [clause for clause in seen if clause.number not in caught]

    def _repair(self, round_number: int) -> bool:
        by_test = {item.test_name: item for item in self.draft.items.values()}
        identified = [name for name in identify_broken(self.visible) if name in by_test]
        actions: dict[str, str] = {}
        for name in identified:
            item = by_test[name]
            if not self.mender.fixable(item):
                continue
            if self.mender.repair_cost(item) > self.mender.repairs_left:
                continue
            if self.round_left < REPAIR_AGENT_STEPS + CHECK_STEPS:
                break  # no steps left this round to rewrite and re-check
            self.round_left -= REPAIR_AGENT_STEPS
            self.steps += REPAIR_AGENT_STEPS
            actions[item.id] = self.mender.fix(item)
        self.calls += len(actions)
        self.phases.append(
            {
                "phase": "repair",
                "round": round_number,
                "identified": identified,
                "actions": actions,
                "repair_steps_left": self.mender.repairs_left,
                "agent_steps_left": self.round_left,
            }
        )
        return bool(actions)

    def _review(self) -> None:
        phase, spent = self.mender.review(self.strategy.review_max_output_tokens)
        self.calls += 1
        self.output_tokens += spent
        self.phases.append(phase)
