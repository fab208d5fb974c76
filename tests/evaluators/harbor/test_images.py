"""Harbor tasks for real: images built and cached, the source verifier's labels, scoring a
suite on image targets, the one-line refusals, and the example pool's search end to end."""

from __future__ import annotations

import json
import shutil
import uuid
from pathlib import Path

import pytest

from evaluators.harbor import build_pool
from evaluators.harbor.bases import rewrite_dockerfile
from evaluators.sandbox import Outcome, RunSpec
from evaluators.sandbox.bootstrap import docker_client
from evaluators.sandbox.docker_backend import DockerSandbox
from evaluators.sandbox.python_flavor import (
    PYTHON_BASE_IMAGE,
    PYTHON_IMAGE,
    bootstrap_python,
    default_wheelhouse,
)
from evaluators.tasks import TaskSet
from search_space.errors import UserInputError
from tests.support.cli_helpers import ROOT, assert_one_line_user_error, run_rsi
from tests.support.harbor_fixtures import write_task
from tests.support.machine import unavailable

pytestmark = pytest.mark.docker
SUITE_RUN_SH = """#!/bin/bash
cd "$APP_DIR"
exec python3 -m pytest -q -p no:cacheprovider --junitxml="$OUTPUT_DIR/results.xml" "$TESTS_DIR"
"""
SUITE_TEST = """import os, sys
sys.path.insert(0, os.environ["APP_DIR"])
from calc import double

def test_doubles():
    assert os.getcwd() == os.environ["APP_DIR"] == "/app"
    assert not os.path.exists("/solution") and not os.path.exists("/tests")
    assert double(4) == 8
"""


WHEELS = {"pytest==8.4.1": "pytest-8.4.1-", "pytest-json-ctrf==0.3.5": "pytest_json_ctrf-0.3.5-"}


@pytest.fixture(scope="session")
def python_flavor() -> str:
    """rsi-python:bookworm with pytest and pytest-json-ctrf in its wheelhouse (.ci/run
    builds it; here only what is missing is downloaded and built)."""
    wheelhouse = default_wheelhouse()
    present = {w.name for w in wheelhouse.glob("*.whl")} if wheelhouse.is_dir() else set()
    missing = [
        req for req, prefix in WHEELS.items() if not any(n.startswith(prefix) for n in present)
    ]
    try:
        bootstrap_python(requirements=missing, log=lambda _line: None)
    except (UserInputError, RuntimeError) as error:
        unavailable(f"cannot bootstrap the python flavor: {error}")
    return PYTHON_IMAGE


def _suite(tmp_path: Path) -> Path:
    suite = tmp_path / "suite"
    suite.mkdir()
    (suite / "run.sh").write_text(SUITE_RUN_SH)
    (suite / "test_calc.py").write_text(SUITE_TEST)
    return suite


def test_build_caches_validates_and_scores(python_flavor: str, tmp_path: Path) -> None:
    write = "#!/bin/bash\nprintf 'def double(x):\\n    return {}\\n' > /app/calc.py\n"
    panel = {"valid/v-shift": write.format("x << 1"), "invalid/i-square": write.format("x * x")}
    task = write_task(tmp_path / "pool", panel=panel)
    with (task / "environment" / "calc.py").open("a") as program:  # a fresh image id
        program.write(f"# {uuid.uuid4().hex}\n")
    pool = tmp_path / "pool"
    first = run_rsi("tasks", "build", str(pool), "--json")
    assert first.returncode == 0, first.stderr
    (record,) = json.loads(first.stdout)["tasks"]
    assert record["built"] == 4 and record["workdir"] == "/app"
    assert record["base_map"] == [["python:3.11-slim", python_flavor]]
    second = run_rsi("tasks", "build", str(pool))
    assert second.returncode == 0 and "cached (FROM python:3.11-slim -> " in second.stdout
    assert "0 image(s) built" in second.stdout

    validated = run_rsi("tasks", "validate", str(pool), "--json")
    report = json.loads(validated.stdout)
    assert validated.returncode == 0 and report["ok"], report
    rewards = {t["target"]: t["reward"] for t in report["tasks"][0]["targets"]}
    assert rewards == {"initial": 0, "reference": 1, "valid/v-shift": 1, "invalid/i-square": 0}

    scored = run_rsi("score", str(pool / "calc"), str(_suite(tmp_path)), "--panel", "--json")
    assert scored.returncode == 0, scored.stderr
    result = json.loads(scored.stdout)
    outcomes = {t["target"]: t["outcome"] for t in result["targets"]}
    assert outcomes == {
        "initial": "fail",
        "reference": "pass",
        "valid/v-shift": "pass",
        "invalid/i-square": "fail",
    }
    assert result["scores"]["F"] == 1 and result["isolation"] == ["docker"]


def test_public_view_is_the_initial_workdir_only(python_flavor: str, tmp_path: Path) -> None:
    write_task(tmp_path)
    built, (record,) = build_pool(TaskSet.load(tmp_path), logs_dir=tmp_path / "logs")
    saved = json.loads((tmp_path / "logs" / "acme__calc" / "build.json").read_text())
    assert saved["base_map"] == [["python:3.11-slim", python_flavor]]
    assert saved["images"]["reference"] == record.images.reference
    public = built.tasks[0].public()
    files = {f.path: f for f in public.files}
    assert set(files) == {"calc.py", "blob.bin"}
    assert files["calc.py"].content.decode() == "def double(x):\n    return x * 3\n"
    assert files["blob.bin"].content == b"" and files["blob.bin"].omitted
    assert "canary" not in public.instruction.lower()
    dumped = public.model_dump_json()
    assert "solve.sh" not in dumped and "reward" not in dumped
    # A runner's check runs in the initial image, its own copy of the program on top.
    program = tmp_path / "copy"
    public.copy_environment(program)
    assert not (program / "blob.bin").exists()  # listed, not shown: the image keeps it
    (program / "calc.py").write_text("def double(x):\n    return 2 * x\n")
    suite = tmp_path / "check"
    suite.mkdir()
    (suite / "run.sh").write_text(
        'cd "$APP_DIR" && test -s blob.bin && python3 -c "from calc import double; '
        'assert double(5) == 10"\n'
    )
    spec = RunSpec(app_layers=(program,), tests_dir=suite, timeout_s=60, **public.run_target())
    result = DockerSandbox().run(spec)
    assert result.outcome is Outcome.PASS, result.output + str(result.error)


def test_verifier_reward_json_and_network_need(python_flavor: str, tmp_path: Path) -> None:
    json_sh = (
        "#!/bin/bash\ncd /app\n"
        "if python3 -c 'from calc import double; assert double(2) == 4'; then r=1; else r=0; fi\n"
        'echo "{\\"correct\\": $r, \\"style\\": 1}" > /logs/verifier/reward.json\n'
    )
    write_task(tmp_path / "pool", "json", test_sh=json_sh)
    net_sh = (
        "#!/bin/bash\n"  # what `curl -LsSf https://astral.sh/uv/install.sh | sh` meets offline
        "python3 -c \"import urllib.request as u; u.urlopen('https://astral.sh/uv/install.sh')\"\n"
        "echo 1 > /logs/verifier/reward.txt\n"
    )
    write_task(tmp_path / "pool", "net", toml='[task]\nname = "acme/net"\n', test_sh=net_sh)
    quiet_apt = (  # Terminal-Bench's usual verifier: every download silenced
        "#!/bin/bash\napt-get update > /dev/null 2>&1\napt-get install -y curl > /dev/null 2>&1\n"
        "curl -LsSf https://astral.sh/uv/0.9.7/install.sh | sh\nsource $HOME/.local/bin/env\n"
        "uvx -p 3.13 -w pytest==8.4.1 pytest /tests/test_outputs.py -rA\n"
        "if [ $? -eq 0 ]; then echo 1 > /logs/verifier/reward.txt; "
        "else echo 0 > /logs/verifier/reward.txt; fi\n"
    )
    write_task(tmp_path / "pool", "tb", toml='[task]\nname = "acme/tb"\n', test_sh=quiet_apt)
    wheel = (
        "#!/bin/bash\ncd /app\npip install -q pytest==8.4.1 nosuch-plugin-xyz==1.0 && "
        "python3 -c 'from calc import double; assert double(4) == 8' && r=1 || r=0\n"
        "echo $r > /logs/verifier/reward.txt\n"
    )
    write_task(tmp_path / "pool", "wheel", toml='[task]\nname = "acme/wheel"\n', test_sh=wheel)
    silent = "#!/bin/bash\necho checked\n"
    write_task(tmp_path / "pool", "silent", toml='[task]\nname = "acme/silent"\n', test_sh=silent)
    done = run_rsi("tasks", "validate", str(tmp_path / "pool"), "--json")
    report = {t["task"]: t for t in json.loads(done.stdout)["tasks"]}
    assert done.returncode == 1
    assert report["acme__calc"]["ok"], report["acme__calc"]
    rewards = {t["target"]: t["rewards"] for t in report["acme__calc"]["targets"]}
    assert rewards == {
        "initial": {"correct": 0, "style": 1},
        "reference": {"correct": 1, "style": 1},
    }
    assert any("needs the network" in p for p in report["acme__net"]["problems"])
    assert all("expected" not in p for p in report["acme__net"]["problems"])
    assert any("no reward file" in p for p in report["acme__silent"]["problems"])
    assert {t["reward"] for t in report["acme__silent"]["targets"]} == {None}  # not 1, not 0
    assert report["acme__tb"]["problems"] == [
        "reference: the verifier needs the network (tests/test.sh runs `apt-get update`)"
    ]
    assert report["acme__wheel"]["problems"] == [
        "reference: the verifier needs nosuch-plugin-xyz==1.0, missing from the wheelhouse; "
        "add it: rsi sandbox bootstrap --flavor python --wheels 'nosuch-plugin-xyz==1.0'"
    ]


@pytest.mark.parametrize(
    ("change", "needles"),
    [
        ({"test_sh": None}, ("tests/test.sh", "missing")),
        ({"dockerfile": "FROM nosuch/base:1\n"}, ("FROM nosuch/base:1", "--base-image")),
        ({"solve": "#!/bin/bash\necho broken >&2\nexit 3\n"}, ("reference", "exited 3", "log:")),
        ({"test_sh": "#!/bin/bash\necho passed > /logs/verifier/reward.txt\n"}, ("reward.txt",)),
    ],
)
def test_bad_tasks_get_one_line_and_exit_2(
    python_flavor: str, tmp_path: Path, change: dict[str, str | None], needles: tuple[str, ...]
) -> None:
    write_task(tmp_path, **change)  # type: ignore[arg-type]
    assert_one_line_user_error(run_rsi("tasks", "validate", str(tmp_path)), *needles)


def test_from_lines_mapped_on_the_real_engine(python_flavor: str) -> None:
    client = docker_client()
    text = (
        "FROM --platform=linux/amd64 python:3.12-slim@sha256:abc AS build\n"
        "RUN echo hi\nFROM build\nFROM org/base:1\n"
    )
    rewritten, used = rewrite_dockerfile(
        text, client, {"org/base:1": PYTHON_BASE_IMAGE}, source="Dockerfile"
    )
    assert used == (
        ("python:3.12-slim@sha256:abc", PYTHON_IMAGE),
        ("org/base:1", PYTHON_BASE_IMAGE),
    )
    assert f"FROM --platform=linux/amd64 {PYTHON_IMAGE} AS build" in rewritten
    assert "\nFROM build\n" in rewritten
    with pytest.raises(UserInputError, match="mapped to nosuch"):
        rewrite_dockerfile("FROM a:1\n", client, {"a:1": "nosuch:2"}, source="D")


def test_wheelhouse_installs_offline_and_names_missing_packages(python_flavor: str) -> None:
    client = docker_client()
    script = "pip install -q pytest==8.4.1 && python -m pytest --version; pip install nosuchpkg-xyz"
    output = client.containers.run(
        python_flavor, ["bash", "-c", f"{script} 2>&1; true"], network_mode="none", remove=True
    ).decode()
    assert "pytest 8.4.1" in output
    assert "No matching distribution found for nosuchpkg-xyz" in output


@pytest.mark.slow
def test_harbor_small_search_runs_to_its_gate(python_flavor: str, tmp_path: Path) -> None:
    experiments = tmp_path / "experiments"
    shutil.copytree(ROOT / "experiments" / "harbor", experiments / "harbor")
    shutil.copytree(ROOT / "experiments" / "strategies", experiments / "strategies")
    shutil.copy(ROOT / "experiments" / "harbor_small.toml", experiments)
    run_dir = tmp_path / "run"
    config = experiments / "harbor_small.toml"
    done = run_rsi("search", str(config), "--run-dir", str(run_dir), "--json", timeout=900)
    assert done.returncode == 0, done.stderr[-2000:]
    events = [json.loads(line) for line in (run_dir / "events.jsonl").read_text().splitlines()]
    types = [e["type"] for e in events]
    assert "search_stopped" in types  # to its end: a gate, or nothing to release
    assert "gate_decided" in types or "release_skipped" in types
    evaluations = [e["data"] for e in events if e["type"] == "evaluation"]
    assert {e["reference_outcome"] for e in evaluations} == {"pass"}  # image targets ran
    assert any(e["success"] for e in evaluations)  # F = 1 somewhere: a real signal
    assert {e["task_id"].split("__")[0] for e in evaluations} == {"rsi-examples"}


def test_search_refuses_in_one_line_when_a_build_fails(python_flavor: str, tmp_path: Path) -> None:
    write_task(tmp_path / "pool", solve="#!/bin/bash\nexit 4\n")
    config = (ROOT / "experiments" / "harbor_small.toml").read_text()
    config = config.replace('tasks = "harbor"', f'tasks = "{tmp_path / "pool"}"')
    strategy = ROOT / "experiments" / "strategies" / "initial.json"
    config = config.replace('"strategies/initial.json"', f'"{strategy}"')
    (tmp_path / "broken.toml").write_text(config)
    done = run_rsi("search", str(tmp_path / "broken.toml"), "--run-dir", str(tmp_path / "run"))
    assert_one_line_user_error(done, "acme__calc", "reference failed", "exited 4", "log: ")
    log = done.stderr.rsplit("log: ", 1)[1].rstrip().rstrip(")")
    assert Path(log).is_file()


def test_unseen_style_task_with_mapped_base(python_flavor: str, tmp_path: Path) -> None:
    """Shaped like Harbor's hello-world: schema 2.0 keys we do not use, FROM ubuntu."""
    toml = (
        'schema_version = "2.0"\nartifacts = []\n[task]\nname = "harbor/hello-world"\n'
        'authors = [{ name = "A", email = "a@example.org" }]\n[metadata]\ncategory = "x"\n'
        "[verifier]\ntimeout_sec = 120.0\n[environment]\nmemory_mb = 1024\ngpus = 0\n"
        'network_mode = "public"\n'
    )
    test_sh = (
        "#!/usr/bin/env bash\nset -euo pipefail\nmkdir -p /logs/verifier\n"
        "echo 0 > /logs/verifier/reward.txt\n"
        'if [[ "$(cat /app/hello.txt 2>/dev/null)" == "Hello, world!" ]]; then\n'
        "  echo 1 > /logs/verifier/reward.txt\nfi\n"
    )
    write_task(
        tmp_path / "pool",
        "hello-world",
        toml=toml,
        dockerfile="FROM ubuntu:24.04\nWORKDIR /app\n",
        test_sh=test_sh,
        solve="#!/bin/bash\necho 'Hello, world!' > /app/hello.txt\n",
    )
    pool = str(tmp_path / "pool")
    assert_one_line_user_error(
        run_rsi("tasks", "validate", pool), "FROM ubuntu:24.04", "--base-image"
    )
    done = run_rsi("tasks", "validate", pool, "--base-image", "ubuntu:24.04=rsi-base:bookworm")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "ok    harbor__hello-world" in done.stdout


def test_common_pip_and_ctrf_verifier_runs_offline(python_flavor: str, tmp_path: Path) -> None:
    """The verifier most Harbor tasks ship: pip-install pytest and its CTRF plugin, run."""
    test_sh = (
        "#!/bin/bash\npip install -q pytest==8.4.1 pytest-json-ctrf==0.3.5\n"
        "pytest --ctrf /logs/verifier/ctrf.json /tests/test_outputs.py -rA\n"
        "if [ $? -eq 0 ]; then echo 1 > /logs/verifier/reward.txt; "
        "else echo 0 > /logs/verifier/reward.txt; fi\n"
    )
    task = write_task(
        tmp_path,
        dockerfile="FROM python:3.13-slim-bookworm\nWORKDIR /app\nCOPY calc.py /app/\n",
        test_sh=test_sh,
    )
    (task / "tests" / "test_outputs.py").write_text(
        "import sys\nsys.path.insert(0, '/app')\nfrom calc import double\n\n"
        "def test_double():\n    assert double(3) == 6\n"
    )
    done = run_rsi("tasks", "validate", str(tmp_path), "--json")
    report = json.loads(done.stdout)
    assert done.returncode == 0 and report["ok"], report
    rewards = {t["target"]: t["reward"] for t in report["tasks"][0]["targets"]}
    assert rewards == {"initial": 0, "reference": 1}


def test_bootstrap_python_cli_reports_its_wheelhouse(python_flavor: str) -> None:
    done = run_rsi("sandbox", "bootstrap", "--flavor", "python", "--json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["image"] == python_flavor and result["base"] == "existing"
    assert any(name.startswith("pytest-8.4.1-") for name in result["wheels"])
    refused = run_rsi("sandbox", "bootstrap", "--flavor", "python", "--wheels", "nosuch-pkg-zz==9")
    assert_one_line_user_error(refused, "--wheels", "pip download failed")
