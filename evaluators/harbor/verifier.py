"""The source verifier, run the way Harbor runs it, and the labels it gives the panel.

`tests/` is copied to `/tests`, `/logs/verifier` exists and is writable, and
`bash -c "/tests/test.sh > /logs/verifier/test-stdout.txt 2>&1"` runs in the image's
working directory (after `chmod +x`), with `[verifier] env`, as `[verifier] user`, with
network none and the task's cpus and memory. The exit code is ignored: the reward is
`/logs/verifier/reward.json` (a flat object of numbers) if present, else `reward.txt`
(one float). A target passes when every reward is 1.

- A missing or empty reward file is reported (`problem`), with no reward (None): a
  verifier that wrote nothing scored nothing, neither 0 nor 1.
- A reward file holding text is bad task input: `UserInputError`, one line.
- A verifier whose output shows it tried to resolve or reach a host is reported as
  needing the network (offline it cannot run), not as a wrong label.
"""

from __future__ import annotations

import json
import math
import re
from concurrent.futures import Executor
from dataclasses import dataclass

import docker
import docker.errors
import requests.exceptions
from pydantic import BaseModel, ConfigDict

from evaluators.harbor.containers import LABEL, empty_dirs, read_files, removed_after, run_once
from evaluators.harbor.containers import tar_dir as _tar_dir
from evaluators.sandbox import docker_client
from evaluators.tasks import TEST_SCRIPT, HarborTask, PanelLabel
from search_space import UserInputError

_COMMAND = (
    f"chmod +x /tests/{TEST_SCRIPT}; /tests/{TEST_SCRIPT} > /logs/verifier/test-stdout.txt 2>&1"
)
# What resolvers, curl, wget, pip, uv, apt and git print when the network is absent.
NETWORK_SIGNS = re.compile(
    r"Temporary failure in name resolution|Could not resolve host|Name or service not known"
    r"|Network is unreachable|Failed to establish a new connection|unable to resolve host"
    r"|Temporary failure resolving|failed to lookup address|dns error|getaddrinfo"
    r"|Could not resolve proxy|No route to host|Connection refused.*(https?|443|80)",
    re.IGNORECASE,
)
# Commands in test.sh that fetch from the internet whatever the image holds (their output is
# often silenced, so the signs above never show): apt, curl, wget, uv/uvx, git clone, npm.
NETWORK_COMMANDS = re.compile(
    r"^[^#\n]*\b(apt-get\s+(?:update|install)|apt\s+(?:update|install)|curl\s|wget\s|uvx\s"
    r"|uv\s+(?:pip|tool|run|sync|venv|python)\b|git\s+clone|npm\s+(?:i|install|ci)\b)",
    re.MULTILINE,
)
MISSING_WHEEL = re.compile(r"No matching distribution found for ([^\s]+)")


class VerifierRun(BaseModel):
    """The source verifier on one target image."""

    model_config = ConfigDict(frozen=True)

    target: str  # "initial", "reference", "valid/<name>", "invalid/<name>"
    image: str
    reward: float | None  # the smallest reward; None when none could be read
    rewards: dict[str, float]
    passed: bool  # every reward is 1
    needs_network: bool
    problem: str | None  # a missing reward file, a timeout
    output_tail: str


@dataclass(frozen=True)
class Expectation:
    target: str
    image: str
    should_pass: bool


def parse_reward(files: dict[str, bytes], *, source: str) -> dict[str, float] | None:
    """Rewards from reward.json (flat numbers) or reward.txt (one float); None if absent."""
    raw_json, raw_txt = files.get("reward.json"), files.get("reward.txt")
    if raw_json is not None and raw_json.strip():
        try:
            data = json.loads(raw_json)
        except (ValueError, UnicodeDecodeError):
            data = None
        if (
            not isinstance(data, dict)
            or not data
            or not all(
                isinstance(v, int | float) and not isinstance(v, bool) for v in data.values()
            )
        ):
            raise UserInputError(
                "reward.json is not a flat object of numbers", source=f"{source}: reward.json"
            )
        return {str(k): float(v) for k, v in data.items()}
    if raw_txt is not None and raw_txt.strip():
        try:
            value = float(raw_txt.decode("utf-8", errors="replace").strip())
        except ValueError:
            shown = raw_txt.decode("utf-8", errors="replace").strip()[:60]
            raise UserInputError(
                f"reward.txt holds {shown!r}, not a number", source=f"{source}: reward.txt"
            ) from None
        if math.isnan(value):
            raise UserInputError("reward.txt holds NaN", source=f"{source}: reward.txt")
        return {"reward": value}
    return None


def run_verifier(
    client: docker.DockerClient, task: HarborTask, target: str, image: str
) -> VerifierRun:
    """Run `tests/test.sh` on `image` as Harbor does and read its reward."""
    memory = f"{task.memory_mb}m"
    settings = task.harbor.verifier
    container = client.containers.create(
        image,
        command=["-c", _COMMAND],
        entrypoint=["/bin/bash"],
        environment=dict(settings.env),
        user=settings.user or "",
        working_dir=task.harbor.environment.workdir,
        network_mode="none",
        mem_limit=memory,
        memswap_limit=memory,
        nano_cpus=int(task.cpus * 1e9),
        labels={LABEL: task.id},
    )
    with removed_after(container):
        container.put_archive("/", _tar_dir(task.tests_dir, "tests"))
        container.put_archive("/", empty_dirs("logs", "logs/verifier"))
        done = run_once(container, settings.timeout_sec)
        files = read_files(container, "/logs/verifier")
    stdout = files.get("test-stdout.txt", b"").decode("utf-8", errors="replace")
    seen = stdout + done.output
    needs_network = bool(NETWORK_SIGNS.search(seen))
    problem = None
    rewards = parse_reward(files, source=f"task {task.id}, {target}")
    if done.code is None:
        problem = f"verifier timed out after {settings.timeout_sec:g} s"
    elif rewards is None:
        problem = "no reward file (/logs/verifier/reward.json or reward.txt)"
    rewards = rewards or {}
    return VerifierRun(
        target=target,
        image=image,
        reward=min(rewards.values()) if rewards else None,
        rewards=rewards,
        passed=bool(rewards) and all(v == 1.0 for v in rewards.values()) and problem is None,
        needs_network=needs_network,
        problem=problem,
        output_tail=seen[-2000:],
    )


class HarborValidation(BaseModel):
    """The source verifier's labels on every target of one task."""

    model_config = ConfigDict(frozen=True)

    task_id: str
    ok: bool
    problems: tuple[str, ...]
    runs: tuple[VerifierRun, ...]


def expectations(task: HarborTask) -> tuple[Expectation, ...]:
    if task.images is None:
        raise UserInputError("images not built; run `rsi tasks build`", source=f"task {task.id}")
    images = task.images
    return (
        Expectation("initial", images.initial, False),
        Expectation("reference", images.reference, True),
        *(
            Expectation(f"{p.label.value}/{p.name}", p.image, p.label is PanelLabel.VALID)
            for p in images.panel
        ),
    )


def network_command(test_sh: str) -> str | None:
    """The first command of a test script that downloads at test time, if any."""
    match = NETWORK_COMMANDS.search(test_sh)
    return " ".join(match.group(1).split()) if match else None


def _describe(run: VerifierRun, should_pass: bool, fetches: str | None) -> str | None:
    """Why a target's run disagrees with its label (network need and missing wheels first)."""
    wrong = run.problem is not None or run.passed != should_pass
    missing = MISSING_WHEEL.search(run.output_tail)
    if wrong and missing is not None:
        return (
            f"{run.target}: the verifier needs {missing.group(1)}, missing from the wheelhouse; "
            f"add it: rsi sandbox bootstrap --flavor python --wheels '{missing.group(1)}'"
        )
    if run.needs_network:
        return f"{run.target}: the verifier needs the network (it tried to reach a host)"
    if wrong and fetches is not None:
        return f"{run.target}: the verifier needs the network (tests/test.sh runs `{fetches}`)"
    if run.problem is not None:
        return f"{run.target}: {run.problem}"
    if run.passed != should_pass:
        wanted = "1" if should_pass else "below 1"
        gave = "no reward" if run.reward is None else f"reward {run.reward:g}"
        return f"{run.target}: verifier gave {gave}, expected {wanted}"
    return None


def _panel_size_problems(task: HarborTask) -> list[str]:
    """A `[panel]` table's declared sizes against the members on disk."""
    members = task.panel_members()
    found = {
        PanelLabel.VALID: sum(m.label is PanelLabel.VALID for m in members),
        PanelLabel.INVALID: sum(m.label is PanelLabel.INVALID for m in members),
    }
    declared = {PanelLabel.VALID: task.panel_valid, PanelLabel.INVALID: task.panel_invalid}
    return [
        f"panel: {found[label]} {label.value} member(s), task.toml declares {declared[label]}"
        for label in PanelLabel
        if found[label] != declared[label]
    ]


def validate_harbor_task(task: HarborTask, executor: Executor | None = None) -> HarborValidation:
    """Label check: reference and valid members 1, initial and invalid members below 1."""
    wanted = expectations(task)
    client = docker_client()
    try:
        try:
            if executor is None:
                runs = [run_verifier(client, task, e.target, e.image) for e in wanted]
            else:
                futures = [
                    executor.submit(run_verifier, client, task, e.target, e.image) for e in wanted
                ]
                runs = [future.result() for future in futures]
        except (docker.errors.DockerException, requests.exceptions.RequestException) as error:
            raise UserInputError(f"docker failed: {error}", source=f"task {task.id}") from None
    finally:
        client.close()
    fetches = network_command(task.test_script.read_text(encoding="utf-8", errors="replace"))
    problems = [
        p for r, e in zip(runs, wanted, strict=True) if (p := _describe(r, e.should_pass, fetches))
    ]
    problems += _panel_size_problems(task)
    return HarborValidation(
        task_id=task.id, ok=not problems, problems=tuple(problems), runs=tuple(runs)
    )
