"""An agent pair on a Harbor task works in that task's image (issue 31): through the
docker sandbox, every `run` and the consistency check happen in the task's initial image
at its working directory, nothing of the task's solution or tests is in reach, and the
submitted suite scores F = 1 with the judge on the task's own images."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from evaluators.harbor import build_pool
from evaluators.judging.judge import judge
from evaluators.judging.metrics import score_task
from evaluators.llm import LlmSettings, ResponseCache
from evaluators.runners.base import RunnerLimits
from evaluators.runners.testhelix import HarnessSettings, LlmTaskModels, TestHelixRunner
from evaluators.sandbox.docker_backend import DockerSandbox
from evaluators.tasks import TaskSet
from search_space import Strategy
from tests.support.agent_model import RUN, AgentModel, Plan
from tests.support.llm_server import LocalLlmServer

pytestmark = pytest.mark.docker
EXAMPLES = Path(__file__).resolve().parents[5] / "experiments" / "harbor"
ENTRY = 'cd "$APP_DIR"\nPYTHONPATH="$APP_DIR" exec python3 "$TESTS_DIR/check_slug.py"\n'
CHECKS = """import sys
from slug import slugify

cases = {"Hello, World!": "hello-world", "--Lead and trail--": "lead-and-trail", "!!": ""}
wrong = {text: slugify(text) for text, want in cases.items() if slugify(text) != want}
print(wrong or "all passed")
sys.exit(1 if wrong else 0)
"""
REPAIR = (
    "import re\n\n\ndef slugify(text):\n"
    '    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")\n'
)
PLAN: Plan = [
    ("list_files", {"path": "."}),
    ("read_file", {"path": "app/slug.py"}),
    ("run", {"command": "pwd; ls /solution /tests; head -1 /etc/os-release", "target": "initial"}),
    ("write_file", {"path": "tests/run.sh", "content": ENTRY}),
    ("write_file", {"path": "tests/check_slug.py", "content": CHECKS}),
    ("run", {"command": RUN, "target": "initial"}),
    ("write_file", {"path": "app/slug.py", "content": REPAIR}),
    ("run", {"command": RUN}),
    ("submit", {}),
]


def test_an_agent_pair_on_a_harbor_task_works_in_its_image(
    docker_sandbox: DockerSandbox, tmp_path: Path
) -> None:
    built, _ = build_pool(TaskSet.load(EXAMPLES), logs_dir=tmp_path / "logs")  # cached
    task = built.get("rsi-examples__slugify")
    public = task.public()
    assert public.image and public.app_dir == "/app" and public.verifier_timeout_s == 60
    with LocalLlmServer(responder=AgentModel(PLAN)) as server:
        settings = LlmSettings(model="openai/local-model", api_base=server.openai_base)
        models = LlmTaskModels(settings, ResponseCache(tmp_path / "cache"))
        harness = HarnessSettings(configuration="single", execution_repeats=1, pairs="agent")
        runner = TestHelixRunner(docker_sandbox, models, harness)
        strategy = Strategy(initialCandidates=1, maxCandidates=1)
        result = runner.run(strategy, public, RunnerLimits(), tmp_path / "work")
    agent = next(p for p in result.trace.phases if p["phase"] == "agent-pair")
    assert agent["stop"] == "submitted", agent
    shown = {m["tool_call_id"]: m["content"] for m in server.requests[-1]["messages"]
             if m.get("role") == "tool"}  # fmt: skip
    where = shown["call_2"]
    assert "\n/app\n" in where and 'PRETTY_NAME="Debian GNU/Linux 12' in where
    assert "ls: cannot access '/solution'" in where and "ls: cannot access '/tests'" in where
    assert shown["call_5"].startswith("outcome: fail") and "lead-and-trail-" in shown["call_5"]
    assert shown["call_7"].startswith("outcome: pass") and "all passed" in shown["call_7"]
    # The reference is never shown (the public program's own `.lstrip(` may be).
    assert '.strip("-")' not in json.dumps(server.requests)
    assert result.submission is not None
    judgement = judge(task, result.submission, docker_sandbox, panel=True)
    scores = score_task(judgement.outcomes())
    assert scores.F == 1, judgement
