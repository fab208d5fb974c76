"""The local backend: bubblewrap, else `unshare` (reduced), else nothing (explicitly allowed).

Under bubblewrap the suite sees only its workspace (`/work/app`, `/work/tests`,
`/work/output`), a private `/tmp`, and a read-only runtime: `/usr`, the `/bin` and `/lib`
links, a few `/etc` files, `/dev`, `/proc`, and the prefixes of the Python interpreter
that runs the suites (by default the one running rsi). No network, no `$HOME`, no task
directory, no repository. Limits come from `prlimit` and, where the host lets us make
cgroups, from the run's own cgroup (CPU quota, memory, pids; see `cgroups.py`); the whole
process group is killed at the deadline; as root every run has its own uid, so nothing it
started outlives it. Every result records how each limit was enforced, or that it was not.

Isolation never degrades silently: without bubblewrap a run is an `error` result unless
`allow_reduced_isolation=True`, and every result records the isolation it really had.
"""

from __future__ import annotations

import math
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from evaluators.sandbox.base import (
    DEFAULT_RESULTS_XML_LIMIT_BYTES,
    FILE_SIZE_LIMIT_BYTES,
    Isolation,
    RunResult,
    RunSpec,
    error_result,
    finished_result,
)
from evaluators.sandbox.bwrap import bwrap_argv, identity_files
from evaluators.sandbox.cgroups import Placement, cgroup_support, placement
from evaluators.sandbox.process import (
    UidPool,
    drop_to,
    processes_of_uid,
    run_with_deadline,
    sweep_uid,
)
from evaluators.sandbox.scratch import remove_tree
from evaluators.sandbox.workspace import (
    ENTRY_SCRIPT,
    RESULTS_XML_NAME,
    SYSTEM_PATH,
    Workspace,
    fresh_workspace,
    input_problem,
    read_capped,
    sandbox_env,
)
from search_space import UserInputError

INSTALL_HINT = "install bubblewrap (`make sandbox-deps` or `apt-get install bubblewrap`)"
PROBE_UID = 999_999  # as root, probes run as an unprivileged uid, exactly like runs
RUN_UIDS = UidPool()  # one pool per process: no two live runs ever share a uid
_UNSHARE_FLAGS = ("-r", "-n", "-m", "-p", "-f", "--kill-child", "--mount-proc")


@dataclass(frozen=True)
class Detected:
    """The best isolation this machine offers the local backend, and why not better."""

    isolation: Isolation
    shortfall: str | None  # why bubblewrap is not used; None when it is
    # Reduced isolation as root runs suites as a private unprivileged uid; a runtime it
    # cannot execute (say, one under /root) would turn every verdict into a false `fail`.
    runtime_problem: str | None = None


def _as_root() -> bool:
    return os.geteuid() == 0


def _probe(argv: list[str]) -> str | None:
    """Run a probe command; None when it works, else its one-line complaint."""
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=30, check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        return str(error)
    if done.returncode == 0:
        return None
    return " ".join((done.stderr or done.stdout).split())[:300] or f"exit {done.returncode}"


def _probe_bwrap(prefixes: tuple[Path, ...], python_bin: Path) -> str | None:
    if shutil.which("bwrap") is None:
        return f"bwrap not found; {INSTALL_HINT}"
    scratch = Path(tempfile.mkdtemp(prefix="rsi-probe-"))
    try:
        argv = bwrap_argv(
            run_uid=PROBE_UID if _as_root() else None,
            runtime_prefixes=prefixes,
            python_bin=python_bin,
            identity=identity_files(scratch),
            tmp_bytes=16 * 1024 * 1024,
            workspace=None,
            status_fd=None,
            command=("/bin/true",),
        )
        failure = _probe(argv)
    finally:
        remove_tree(scratch)
    return None if failure is None else f"bwrap does not work here: {failure}"


@lru_cache(maxsize=8)
def detect(prefixes: tuple[Path, ...], python: Path) -> Detected:
    """Which isolation works here for this runtime (probed once per process)."""
    missing = [tool for tool in ("prlimit", "setpriv", "unshare") if shutil.which(tool) is None]
    if missing:
        return Detected(Isolation.NONE, f"{', '.join(missing)} not found (install util-linux)")
    why = _probe_bwrap(prefixes, python.parent)
    if why is None:
        return Detected(Isolation.BWRAP, None)
    drop = drop_to(PROBE_UID) if _as_root() else []
    runtime = _probe([*drop, str(python), "-c", "pass"])
    runtime_problem = (
        None if runtime is None else f"{python} is not runnable by the run's uid: {runtime}"
    )
    if _probe([*drop, shutil.which("unshare") or "unshare", *_UNSHARE_FLAGS, "true"]) is None:
        return Detected(Isolation.UNSHARE_NET, why, runtime_problem)
    return Detected(Isolation.NONE, why, runtime_problem)


def runtime_prefixes(python: Path) -> tuple[Path, ...]:
    """The directories outside /usr that `python` needs: its prefix and base prefix."""
    if python == Path(sys.executable):
        raw = [sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix]
    else:
        code = "import sys; print(sys.prefix, sys.base_prefix, sep=chr(10))"
        try:
            done = subprocess.run(
                [str(python), "-c", code], capture_output=True, text=True, check=True, timeout=60
            )
        except (OSError, subprocess.SubprocessError) as error:
            raise UserInputError(
                f"cannot run it: {error}", source=f"sandbox python {python}"
            ) from error
        raw = done.stdout.splitlines()
    prefixes: list[Path] = []
    for item in filter(None, (entry.strip() for entry in raw)):
        path = Path(item).resolve()
        if path == Path("/") or path == Path("/usr") or Path("/usr") in path.parents:
            continue  # already part of the read-only runtime
        if path not in prefixes:
            prefixes.append(path)
    return tuple(prefixes)


class LocalSandbox:
    """`Sandbox` on this machine. Thread-safe: every run has its own workspace and uid.

    `python`: the interpreter the suites get as `python3` (default: the one running rsi);
    its prefixes are bound read-only and its `bin/` comes first on PATH.
    """

    name = "local"

    def __init__(
        self, *, allow_reduced_isolation: bool = False, python: str | Path | None = None
    ) -> None:
        self.allow_reduced_isolation = allow_reduced_isolation
        # Not resolved: a venv's python is a symlink and its bin/ must stay on PATH.
        self.python = Path(python) if python is not None else Path(sys.executable)
        self.runtime_prefixes = runtime_prefixes(self.python)
        self.detected = detect(self.runtime_prefixes, self.python)
        self.cgroups = cgroup_support()
        self._uids = RUN_UIDS if _as_root() else None

    @property
    def isolation(self) -> Isolation:
        """The isolation runs get on this machine."""
        return self.detected.isolation

    @property
    def problem(self) -> str | None:
        """Why every run is refused (reduced isolation without permission), or None."""
        if self.detected.isolation is Isolation.BWRAP:
            return None
        if not self.allow_reduced_isolation:
            return (
                f"local sandbox refuses reduced isolation ({self.detected.isolation.value}): "
                f"{self.detected.shortfall}; or allow reduced isolation explicitly"
            )
        if self.detected.runtime_problem is not None:
            return (
                f"reduced isolation ({self.detected.isolation.value}) unusable: "
                f"{self.detected.runtime_problem}; {INSTALL_HINT}, or pick a python runtime "
                "readable by all users (LocalSandbox(python=...))"
            )
        return None

    def run(self, spec: RunSpec) -> RunResult:
        started = time.monotonic()
        refusal = self.problem or input_problem(spec)
        if spec.app_dir is not None:
            refusal = "an image target (a Harbor task) needs the docker backend"
        if refusal is not None:
            return self._error(refusal, started)
        uid = self._uids.acquire() if self._uids is not None else None
        try:
            with (
                fresh_workspace(spec, owner=uid) as workspace,
                placement(self.cgroups, spec) as placed,
            ):
                return self._run_in(spec, workspace, uid, placed, started)
        except OSError as error:
            return self._error(
                f"sandbox infrastructure failure: {error}", started, infrastructure=True
            )
        finally:
            if uid is not None and self._uids is not None:
                sweep_uid(uid)
                self._uids.release(uid)

    def _error(self, message: str, started: float, *, infrastructure: bool = False) -> RunResult:
        return error_result(
            message,
            backend=self.name,
            isolation=self.isolation,
            started=started,
            infrastructure=infrastructure,
        )

    def _limits(self, spec: RunSpec, uid: int | None) -> list[str]:
        nproc = spec.max_pids
        if uid is None:
            # Unprivileged, RLIMIT_NPROC counts every process of our uid, not just this run's.
            nproc += len(processes_of_uid(os.getuid()))
        return [
            shutil.which("prlimit") or "prlimit",
            f"--as={spec.memory_mb * 1024 * 1024}",
            f"--nproc={nproc}",
            f"--fsize={FILE_SIZE_LIMIT_BYTES}",
            f"--cpu={math.ceil(spec.timeout_s * max(spec.cpus, 1.0)) + 1}",
            "--core=0",
            "--",
        ]

    def _run_in(
        self,
        spec: RunSpec,
        workspace: Workspace,
        uid: int | None,
        placed: Placement,
        started: float,
    ) -> RunResult:
        os.chmod(workspace.root, 0o711)  # the run's uid must reach app/, tests/, output/
        control = Path(tempfile.mkdtemp(prefix="control-", dir=workspace.root))
        joined = control / "joined"  # out of the suite's reach: only root can write here
        bwrapped = self.isolation is Isolation.BWRAP
        with open(control / "status.json", "w+b") as status:
            if bwrapped:
                argv = self._limits(spec, uid) + bwrap_argv(
                    run_uid=uid,
                    runtime_prefixes=self.runtime_prefixes,
                    python_bin=self.python.parent,
                    identity=identity_files(control),
                    tmp_bytes=spec.memory_mb * 1024 * 1024,
                    workspace=workspace,
                    status_fd=status.fileno(),
                )
                env = {"PATH": SYSTEM_PATH}
            else:
                argv, env = self._reduced_argv(spec, workspace, uid)
            done = run_with_deadline(
                placed.command(joined, argv),
                env=env,
                cwd=workspace.app,
                timeout_s=spec.timeout_s,
                output_limit=spec.output_limit_bytes,
                pass_fds=(status.fileno(),) if bwrapped else (),
                cleanup=lambda: self._kill_leftovers(uid, placed),
            )
            status.seek(0)
            status_text = status.read(65536).decode("utf-8", errors="replace")
        if not done.timed_out and not placed.joined(joined):
            return self._error(f"could not join the run's cgroup: {done.output[-500:]}", started)
        # bubblewrap reports the suite's exit code; without that report it failed to set up.
        if bwrapped and not done.timed_out and '"exit-code"' not in status_text:
            return self._error(f"bubblewrap failed: {done.output.strip()[-500:]}", started)
        return finished_result(
            backend=self.name,
            isolation=self.isolation,
            limits=placed.limits(private_uid=uid is not None),
            exit_code=done.returncode,
            timed_out=done.timed_out,
            duration_s=done.duration_s,
            output=done.output,
            output_truncated=done.output_truncated,
            results_xml=read_capped(
                workspace.output / RESULTS_XML_NAME, DEFAULT_RESULTS_XML_LIMIT_BYTES
            ),
        )

    @staticmethod
    def _kill_leftovers(uid: int | None, placed: Placement) -> None:
        """Everything the run left: its private uid's processes and its cgroup's."""
        if uid is not None:
            sweep_uid(uid)
        placed.kill()

    def _reduced_argv(
        self, spec: RunSpec, workspace: Workspace, uid: int | None
    ) -> tuple[list[str], dict[str, str]]:
        """Reduced isolation: host paths (nothing to remap them with), same variables."""
        env = sandbox_env(
            path=f"{self.python.parent}:{SYSTEM_PATH}",
            app_dir=str(workspace.app),
            tests_dir=str(workspace.tests),
            output_dir=str(workspace.output),
        )
        command = ["bash", str(workspace.tests / ENTRY_SCRIPT)]
        if self.isolation is Isolation.UNSHARE_NET:
            command = [shutil.which("unshare") or "unshare", *_UNSHARE_FLAGS, "--", *command]
        drop = drop_to(uid) if uid is not None else []
        return [*drop, *self._limits(spec, uid), *command], env
