"""A real `mlflow server` on 127.0.0.1 for tests that talk to MLflow over HTTP."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(folder: Path, port: int) -> subprocess.Popen[bytes]:
    mlflow_bin = Path(sys.executable).parent / "mlflow"
    process = subprocess.Popen(
        [
            str(mlflow_bin),
            "server",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--workers",
            "1",
            "--backend-store-uri",
            f"sqlite:///{folder / 'server.db'}",
            "--artifacts-destination",
            str(folder / "artifacts"),
        ],
        env=os.environ
        | {
            "MLFLOW_DISABLE_TELEMETRY": "true",
            "LITELLM_LOCAL_MODEL_COST_MAP": "True",
            "MLFLOW_SERVER_ENABLE_JOB_EXECUTION": "false",  # no background job workers
        },
        stdout=subprocess.DEVNULL,
        stderr=open(folder / f"server-{port}.log", "ab"),  # noqa: SIM115 - closed with the process
        start_new_session=True,
    )
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return process
        except OSError:
            if process.poll() is not None:
                raise AssertionError("mlflow server exited") from None
            time.sleep(0.1)  # a start takes seconds: look often, do not oversleep it
    stop_server(process)
    raise AssertionError("mlflow server did not start")


def stop_server(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()
