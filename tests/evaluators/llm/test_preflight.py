"""A model that cannot answer is refused before anything is journaled (issue: the release
split is spent only on a real comparison).

`rsi search` and `rsi run-task`, as real processes, against a hosted model this machine
cannot reach, a local web server that is not a model server, and a model server that
answers 401: each refuses in one line with exit 2, writes no journal event, touches no
ledger, and never prints the key. `--skip-model-check` starts without the request. A
local endpoint's first-call latency is printed, and warned about near `call_timeout_s`.
"""

from __future__ import annotations

import http.server
import os
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from evaluators.llm import LlmSettings, preflight
from tests.support.llm_server import SHUTDOWN_POLL_S, LocalLlmServer, Status
from tests.support.search_fixtures import CORPUS, ROOT
from tests.support.warm_start import run_module

KEY_ENV = "RSI_TEST_CHECK_KEY"
FAKE_KEY = "sk-FAKE-ch3ck-n0t-a-k3y-77e1"
TASK = CORPUS / "alg-merge-intervals-gap"


class _WebPage(http.server.BaseHTTPRequestHandler):
    """An ordinary web server: an HTML page for every GET and POST."""

    def _page(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.end_headers()
        self.wfile.write(b"<html><body>It works!</body></html>")

    do_GET = do_POST = _page

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def web_server() -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _WebPage)
    threading.Thread(target=server.serve_forever, args=(SHUTDOWN_POLL_S,), daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}/v1"
    server.shutdown()


@pytest.fixture(scope="module")
def refusing_server() -> Iterator[str]:
    with LocalLlmServer() as server:
        server.always = Status(401, echo_key=True)
        yield server.openai_base


def _config(home: Path, llm: str) -> Path:
    text = (ROOT / "experiments/testhelix_small.toml").read_text()
    text = text.replace('tasks = "tasks"', f'tasks = "{CORPUS}"')
    text = text.replace('"strategies/', f'"{ROOT}/experiments/strategies/')
    text = text.replace('runs_dir = "../runs"', f'runs_dir = "{home / "runs"}"')
    start, end = text.index("\n[llm]\n") + 1, text.index("\n[sandbox]\n") + 1
    text = text[:start] + "[llm]\n" + llm + f'api_key_env = "{KEY_ENV}"\n\n' + text[end:]
    path = home / "check.toml"
    path.write_text(text)
    return path


def _rsi(*args: str) -> subprocess.CompletedProcess[str]:
    env = os.environ | {
        "LITELLM_LOCAL_MODEL_COST_MAP": "True",
        "MLFLOW_DISABLE_TELEMETRY": "true",
        "NO_PROXY": "127.0.0.1,localhost",
        KEY_ENV: FAKE_KEY,
    }
    return run_module("rsi", args, cwd=ROOT, env=env, timeout=300)


@pytest.mark.parametrize("case", ["hosted, no network", "a web server", "401"])
def test_search_and_run_task_refuse_a_model_that_cannot_answer(
    case: str, tmp_path: Path, web_server: str, refusing_server: str
) -> None:
    llm = {
        "hosted, no network": 'model = "anthropic/claude-opus-4-6"\n',
        "a web server": f'model = "openai/local-model"\napi_base = "{web_server}"\n',
        "401": f'model = "openai/local-model"\napi_base = "{refusing_server}"\n',
    }[case]
    config = _config(tmp_path, llm)
    run_dir = tmp_path / "runs" / "run"
    for argv in (
        ("search", str(config), "--run-dir", str(run_dir)),
        (
            "run-task",
            str(config),
            str(TASK),
            "--strategy",
            str(ROOT / "experiments/strategies/initial.json"),
            "--out",
            str(tmp_path / "one"),
        ),
    ):
        result = _rsi(*argv)
        assert result.returncode == 2, (case, argv[0], result.stderr[-1500:])
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and "cannot be used" in lines[0], (case, argv[0], lines)
        assert FAKE_KEY not in result.stdout + result.stderr
    assert not (run_dir / "events.jsonl").exists()
    assert not (tmp_path / "runs" / "consumed_release_splits.jsonl").exists()


def test_skip_model_check_starts_without_the_request(tmp_path: Path) -> None:
    with LocalLlmServer() as server:
        server.always = Status(401)
        config = _config(
            tmp_path, f'model = "openai/local-model"\napi_base = "{server.openai_base}"\n'
        )
        result = _rsi(
            "run-task",
            str(config),
            str(TASK),
            "--strategy",
            str(ROOT / "experiments/strategies/initial.json"),
            "--out",
            str(tmp_path / "one"),
            "--skip-model-check",
        )
        # no check: the task runs, every call is refused, and the model's health ends it
        assert result.returncode == 1, result.stderr[-1500:]
        assert "model stopped (unreachable)" in result.stderr and server.preflights == 0
        assert server.calls <= 2 * 5  # the health's count, each with one transport retry


def test_the_model_check_prints_a_local_endpoint_s_first_call_latency(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with LocalLlmServer() as server:
        settings = LlmSettings(model="openai/local-model", api_base=server.openai_base)
        preflight(settings)
    line = capsys.readouterr().err.strip()
    assert line.startswith(f"model check: openai/local-model at {server.openai_base} ")
    assert "answered its first call in " in line and "call_timeout_s = 120 s" in line
    # the check and, under structured_output "auto", two probes this server ignores
    assert "warning" not in line and server.preflights == 3


def test_a_first_call_close_to_the_call_timeout_is_warned_about(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with LocalLlmServer() as server:
        server.busy_s = 1.5  # a busy local server: at least 1.5 s for one token
        settings = LlmSettings(
            model="openai/local-model", api_base=server.openai_base, call_timeout_s=3
        )
        preflight(settings)
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert line.startswith("warning: model check: openai/local-model at ")
    assert "([llm] call_timeout_s = 3 s): that is close to the timeout" in line
