"""Per-run cgroups for the local backend: a CPU quota, a memory limit and a pids limit.

- `cgroup_support()` finds, once per process, whether this host lets us make cgroups:
  v2 (`/sys/fs/cgroup/cgroup.controllers`) or the v1 hierarchies cpu, memory and pids.
  Its probe makes a cgroup, moves a process into it and removes it; when any step fails
  it keeps the reason, and every run records that its CPU limit is not enforced.
- A run's cgroup is made under rsi's own cgroup, so limits set above rsi still apply
  (v2: under the root when rsi's own cgroup cannot delegate controllers).
- `Placement.command` prefixes a command so that it joins the cgroup before it execs:
  nothing of the suite runs outside it. `Placement.joined` says whether it did.
- When the run ends, every process left in the cgroup is killed through a pidfd (no pid
  reuse race) and the cgroup is removed; one that cannot be removed raises `OSError`.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import signal
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from evaluators.sandbox.base import Limit, Limits, RunSpec

CGROUP_ROOT = Path("/sys/fs/cgroup")
CFS_PERIOD_US = 100_000
MIN_QUOTA_US = 1_000  # the kernel's smallest CFS quota
CONTROLLERS = ("cpu", "memory", "pids")  # v1: one hierarchy each, in this order
_ATTEMPTS = 500  # kill and rmdir retries, 10 ms apart
# $1 is the marker; then each cgroup.procs to join up to `--`, then the command. The shell
# writes its own pid ($$), which the command inherits through exec.
_JOIN_SCRIPT = (
    'marker=$1; shift; for f do [ "$f" = -- ] && break; echo $$ > "$f" || exit 126; shift; '
    'done; shift; : > "$marker" && exec "$@"'
)


@dataclass(frozen=True)
class CgroupSupport:
    """Where runs get their cgroups (`version` 1 or 2), or why they cannot (`problem`)."""

    version: int | None
    parents: tuple[Path, ...] = ()  # v1: one per hierarchy in CONTROLLERS; v2: one
    problem: str | None = None


@dataclass(frozen=True)
class RunCgroup:
    """One run's cgroup: a directory per v1 hierarchy, or one under v2."""

    version: int
    name: str
    dirs: tuple[Path, ...]

    @classmethod
    def create(cls, support: CgroupSupport, spec: RunSpec) -> RunCgroup:
        """Make the directories and write `spec`'s limits; `OSError` leaves nothing behind."""
        assert support.version is not None
        name = f"rsi-run-{uuid.uuid4().hex[:16]}"
        cgroup = cls(support.version, name, tuple(parent / name for parent in support.parents))
        made: list[Path] = []
        try:
            for directory in cgroup.dirs:
                directory.mkdir()
                made.append(directory)
            cgroup._write_limits(spec)
        except OSError:
            for directory in reversed(made):
                with contextlib.suppress(OSError):
                    directory.rmdir()
            raise
        return cgroup

    def _write_limits(self, spec: RunSpec) -> None:
        quota = max(MIN_QUOTA_US, round(spec.cpus * CFS_PERIOD_US))
        memory = str(spec.memory_mb * 1024 * 1024)
        if self.version == 2:
            (top,) = self.dirs
            writes = [("cpu.max", f"{quota} {CFS_PERIOD_US}"), ("memory.max", memory)]
            writes += [("memory.swap.max", "0"), ("pids.max", str(spec.max_pids))]
            for filename, value in writes:
                if filename != "memory.swap.max" or (top / filename).exists():
                    (top / filename).write_text(value)
            return
        cpu, mem, pids = self.dirs
        (cpu / "cpu.cfs_period_us").write_text(str(CFS_PERIOD_US))
        (cpu / "cpu.cfs_quota_us").write_text(str(quota))
        (mem / "memory.limit_in_bytes").write_text(memory)
        if (mem / "memory.memsw.limit_in_bytes").exists():  # no swap beyond the limit
            (mem / "memory.memsw.limit_in_bytes").write_text(memory)
        (pids / "pids.max").write_text(str(spec.max_pids))

    def command(self, marker: Path, argv: Sequence[str]) -> list[str]:
        """`argv`, run only after joining this cgroup; `marker` is created once joined."""
        procs = [str(directory / "cgroup.procs") for directory in self.dirs]
        sh = shutil.which("sh") or "/bin/sh"
        return [sh, "-c", _JOIN_SCRIPT, "rsi-cgroup-join", str(marker), *procs, "--", *argv]

    def members(self) -> set[int]:
        """The pids in this cgroup (in any of its hierarchies)."""
        pids: set[int] = set()
        for directory in self.dirs:
            with contextlib.suppress(FileNotFoundError):
                pids.update(int(pid) for pid in (directory / "cgroup.procs").read_text().split())
        return pids

    def _holds(self, pid: int) -> bool:
        try:
            lines = Path(f"/proc/{pid}/cgroup").read_text().splitlines()
        except OSError:  # exited meanwhile
            return False
        return any(line.endswith(f"/{self.name}") for line in lines)

    def kill(self) -> None:
        """SIGKILL every member until none is left (or the attempts run out)."""
        for _ in range(_ATTEMPTS):
            pids = self.members()
            if not pids:
                return
            for pid in pids:
                try:
                    pidfd = os.pidfd_open(pid)
                except ProcessLookupError:
                    continue
                try:
                    # Checked through the pidfd's process, so a reused pid is never hit.
                    if self._holds(pid):
                        signal.pidfd_send_signal(pidfd, signal.SIGKILL)
                except ProcessLookupError:
                    pass  # it exited between the check and the signal
                finally:
                    os.close(pidfd)
            time.sleep(0.01)

    def remove(self) -> None:
        """Kill what is left, then remove every directory; `OSError` if one stays."""
        self.kill()
        for directory in self.dirs:
            for attempt in range(_ATTEMPTS):
                try:
                    directory.rmdir()
                    break
                except FileNotFoundError:
                    break
                except OSError as error:
                    # EBUSY while killed members are still exiting.
                    if error.errno != errno.EBUSY or attempt == _ATTEMPTS - 1:
                        raise
                    self.kill()
                    time.sleep(0.01)


@dataclass(frozen=True)
class Placement:
    """A run's cgroup, or why it has none; says how each limit is enforced."""

    cgroup: RunCgroup | None
    problem: str | None = None

    def command(self, marker: Path, argv: Sequence[str]) -> list[str]:
        """`argv` joining the cgroup first; unchanged when there is none."""
        return list(argv) if self.cgroup is None else self.cgroup.command(marker, argv)

    def joined(self, marker: Path) -> bool:
        """Whether the command reached its cgroup (trivially true without one)."""
        return self.cgroup is None or marker.exists()

    def kill(self) -> None:
        """Kill every process left in the cgroup (none to kill without one)."""
        if self.cgroup is not None:
            self.cgroup.kill()

    def limits(self, *, private_uid: bool) -> Limits:
        """What this run's limits really are: the cgroup's, plus the prlimit ones."""
        nproc = "prlimit --nproc " + (
            "on the run's private uid" if private_uid else "(counts every process of rsi's uid)"
        )
        address = "prlimit --as (address space per process)"
        if self.cgroup is None:
            return Limits(
                cpu=Limit(
                    enforced=False,
                    how=f"not enforced: {self.problem}; prlimit --cpu only caps each "
                    "process's total CPU seconds",
                ),
                memory=Limit(enforced=True, how=f"{address} only, no total"),
                pids=Limit(enforced=True, how=nproc),
            )
        v2 = self.cgroup.version == 2
        group = f"cgroup v{self.cgroup.version}"
        memory_file = "memory.max" if v2 else "memory.limit_in_bytes"
        return Limits(
            cpu=Limit(enforced=True, how=f"{group} {'cpu.max' if v2 else 'cpu.cfs_quota_us'}"),
            memory=Limit(enforced=True, how=f"{group} {memory_file}, and {address}"),
            pids=Limit(enforced=True, how=f"{group} pids.max, and {nproc}"),
            cgroup=self.cgroup.name,
        )


@contextlib.contextmanager
def placement(support: CgroupSupport, spec: RunSpec) -> Iterator[Placement]:
    """The run's own cgroup for the `with` block, removed after it; or why there is none."""
    if support.version is None:
        yield Placement(None, support.problem)
        return
    try:
        cgroup = RunCgroup.create(support, spec)
    except OSError as error:
        yield Placement(None, f"cannot create the run's cgroup: {error}")
        return
    try:
        yield Placement(cgroup)
    finally:
        cgroup.remove()


def _own_cgroups() -> dict[str, str]:
    """rsi's cgroup path per v1 controller, and under "" its v2 path (/proc/self/cgroup)."""
    own: dict[str, str] = {}
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        _number, controllers, path = line.split(":", 2)
        for controller in controllers.split(",") if controllers else [""]:
            own[controller] = path
    return own


def _nested(hierarchy: Path, own: str | None) -> list[Path]:
    """rsi's own cgroup in `hierarchy` when visible, then the hierarchy's root."""
    inside = hierarchy / (own or "/").lstrip("/")
    return [inside, hierarchy] if inside != hierarchy and inside.is_dir() else [hierarchy]


def _v2_parent(own: str | None) -> Path:
    """The first candidate that can hand cpu, memory and pids to a child cgroup."""
    failures = []
    for parent in _nested(CGROUP_ROOT, own):
        available = set((parent / "cgroup.controllers").read_text().split())
        missing = [name for name in CONTROLLERS if name not in available]
        if missing:
            failures.append(f"{parent} lacks {', '.join(missing)}")
            continue
        delegated = set((parent / "cgroup.subtree_control").read_text().split())
        try:
            for name in CONTROLLERS:
                if name not in delegated:
                    (parent / "cgroup.subtree_control").write_text(f"+{name}")
        except OSError as error:  # EBUSY: a non-root cgroup with processes cannot delegate
            failures.append(f"{parent}: cannot delegate controllers ({error.strerror})")
            continue
        return parent
    raise OSError(errno.ENOTSUP, "; ".join(failures))


def _locate() -> CgroupSupport:
    own = _own_cgroups()
    if (CGROUP_ROOT / "cgroup.controllers").is_file():
        return CgroupSupport(2, (_v2_parent(own.get("")),))
    hierarchies = [CGROUP_ROOT / name for name in CONTROLLERS]
    missing = [h.name for h in hierarchies if not (h / "cgroup.procs").is_file()]
    if missing:
        return CgroupSupport(
            None, problem=f"no cgroup v2 and no v1 hierarchy for {', '.join(missing)}"
        )
    return CgroupSupport(1, tuple(_nested(h, own.get(h.name))[0] for h in hierarchies))


def _probe(support: CgroupSupport) -> str | None:
    """None when a process can be moved into a fresh cgroup here, else why not."""
    spec = RunSpec(app_layers=(), tests_dir=Path("/"), memory_mb=64, max_pids=16)
    with tempfile.TemporaryDirectory(prefix="rsi-cgroup-probe-") as scratch:
        marker = Path(scratch) / "joined"
        with placement(support, spec) as placed:
            if placed.cgroup is None:
                return placed.problem
            try:
                done = subprocess.run(
                    placed.command(marker, ["true"]),
                    capture_output=True,
                    text=True,
                    timeout=30,
                    check=False,
                )
            except (OSError, subprocess.TimeoutExpired) as error:
                return f"cannot move a process into a cgroup: {error}"
            if not placed.joined(marker):
                why = " ".join(done.stderr.split())[:300]
                return f"cannot move a process into a cgroup: {why}"
    return None


@lru_cache(maxsize=1)
def cgroup_support() -> CgroupSupport:
    """Whether runs get their own cgroup here (probed once per process), and why not."""
    root = "" if os.geteuid() == 0 else "not root; "
    try:
        support = _locate()
        problem = support.problem if support.version is None else _probe(support)
    except OSError as error:
        return CgroupSupport(None, problem=f"{root}cannot create cgroups here: {error}")
    return support if problem is None else CgroupSupport(None, problem=f"{root}{problem}")
