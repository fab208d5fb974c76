"""`PairAgent` on the one agent driver (`evaluators.llm.ToolSession`), through the local
server: the harness deadline clamps each turn's timeout (on the injectable clock), turns
are counted, and every turn is kept whole in the transcript."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from evaluators.llm import LlmSettings, ToolChat, UsageCaps, UsageMeter
from evaluators.runners.testhelix.agent.loop import PairAgent
from evaluators.runners.testhelix.agent.workspace import AgentWorkspace
from evaluators.sandbox import LocalSandbox
from evaluators.tasks import TaskSet
from search_space import Strategy
from tests.support.agent_model import SLUGIFY
from tests.support.llm_server import LocalLlmServer, Reply, ToolUse

NOW = 1_000.0


def _agent(
    server: LocalLlmServer, tmp_path: Path, *, seconds_left: float, steps: int = 12
) -> PairAgent:
    settings = LlmSettings.model_validate(
        {
            "model": "openai/local-model",
            "api_base": server.openai_base,
            "transport_retries": 0,
            "call_timeout_s": 60,
        }
    )
    chat = ToolChat(settings, UsageMeter(UsageCaps(calls=20, wall_s=3600), "generator"))
    task = TaskSet.load(SLUGIFY.parent).get("sh-slugify").public()
    workspace = AgentWorkspace(
        tmp_path / "pair0", task, LocalSandbox(), output_chars=2_000, test_timeout_s=10
    )
    strategy = Strategy(agentSteps=steps)
    # The clock stands still: only the clamp can end a turn before its reply.
    return PairAgent(chat, workspace, strategy, deadline=NOW + seconds_left, clock=lambda: NOW)


def test_a_pairs_turn_timeout_is_clamped_to_the_harness_deadline(tmp_path: Path) -> None:
    with LocalLlmServer() as server:
        # Each reply comes after 3 s: within `call_timeout_s` (60 s), past the 0.3 s left.
        server.script(Reply(delay_s=3.0), Reply(delay_s=3.0))
        agent = _agent(server, tmp_path, seconds_left=0.3)
        run = agent.session([{"role": "user", "content": "Start."}])
    assert [failure["failure"] for failure in run.failures] == ["timeout", "timeout"]
    assert (run.stop, run.steps, run.turns) == ("2 failed model turns in a row", 0, 0)


def test_turns_are_counted_and_kept_whole_in_the_transcript(tmp_path: Path) -> None:
    content = "#!/usr/bin/env bash\n" + "echo checking a long suite line\n" * 40

    def writer(body: dict[str, Any]) -> ToolUse:
        if not any(m.get("role") == "tool" for m in body["messages"]):
            call = ("c0", "write_file", {"path": "tests/run.sh", "content": content})
            return ToolUse(calls=(call,), text="I write the suite first.")
        return ToolUse(calls=(("c1", "read_file", {"path": "tests/run.sh"}),))

    with LocalLlmServer(responder=writer) as server:
        agent = _agent(server, tmp_path, seconds_left=600, steps=2)
        run = agent.session([{"role": "user", "content": "Start."}])
    assert (run.turns, run.steps, run.stop) == (2, 2, "agentSteps (2) spent")
    first, second = run.transcript
    assert first["text"] == "I write the suite first."
    assert first["calls"][0]["arguments"]["content"] == content  # whole, not cut to 200
    assert len(run.calls[0]["arguments"]) == 200  # the journal's metadata stays cut
    assert second["calls"][0]["output"].startswith("#!/usr/bin/env bash")  # as shown
