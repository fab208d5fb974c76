"""The source verifier (evaluators.harbor.verifier) run for real in a container: what a
target's run reports when the verifier writes no reward file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from evaluators.harbor import HarborValidation
from evaluators.harbor.verifier import run_verifier
from evaluators.sandbox.bootstrap import docker_client
from evaluators.sandbox.docker_backend import DockerSandbox
from evaluators.tasks import TaskSet
from evaluators.tasks.harbor_task import HarborTask
from rsi.cli.tasks import validation_json
from tests.support.harbor_fixtures import write_task

pytestmark = pytest.mark.docker


def test_a_verifier_that_writes_no_reward_file_reports_no_reward(
    docker_sandbox: DockerSandbox, tmp_path: Path
) -> None:
    """No reward file is no reward: not 1, and not a 0 the verifier never gave, in the run
    and in `rsi tasks validate --json`. Fails with a `default=1` (or `default=0`) put back
    into the `min` over the rewards."""
    write_task(tmp_path, test_sh="#!/bin/bash\necho checked\n")
    (task,) = TaskSet.load(tmp_path).tasks
    assert isinstance(task, HarborTask)
    client = docker_client()
    try:
        run = run_verifier(client, task, "reference", docker_sandbox.image)
    finally:
        client.close()
    assert "checked" in run.output_tail  # the verifier ran
    assert run.problem is not None and "no reward file" in run.problem
    assert (run.reward, run.rewards, run.passed) == (None, {}, False)
    validation = HarborValidation(task_id=task.id, ok=False, problems=(), runs=(run,))
    (shown,) = json.loads(json.dumps(validation_json(validation)))["targets"]
    assert (shown["reward"], shown["rewards"], shown["passed"]) == (None, {}, False)
