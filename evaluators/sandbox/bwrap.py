"""The bubblewrap command line of the local backend.

Two launch modes, one view for the suite (uid 1000, the same paths, the same env):
- as root: bubblewrap runs privileged without a user namespace (so it can bind runtime
  prefixes under `/root`), keeps only the capabilities to change uid, and the suite starts
  through `setpriv` as the run's private unprivileged uid, which `unshare --map-user` shows
  as uid 1000. The real uid makes `RLIMIT_NPROC` bite and lets the backend kill leftovers.
- unprivileged: bubblewrap makes a user namespace itself and maps the caller to uid 1000.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from evaluators.sandbox.workspace import (
    ENTRY_SCRIPT,
    SANDBOX_APP_DIR,
    SANDBOX_GID,
    SANDBOX_OUTPUT_DIR,
    SANDBOX_TESTS_DIR,
    SANDBOX_UID,
    SYSTEM_PATH,
    Workspace,
    sandbox_env,
)

# /etc entries a Python runtime needs; everything else of /etc stays hidden.
_ETC_ENTRIES = (
    "ld.so.cache",
    "ld.so.conf",
    "ld.so.conf.d",
    "nsswitch.conf",
    "localtime",
    "alternatives",
)
PASSWD = (
    "root:x:0:0:root:/root:/bin/sh\n"
    f"sandbox:x:{SANDBOX_UID}:{SANDBOX_GID}:sandbox:/tmp:/bin/sh\n"
    "nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n"
)
GROUP = f"root:x:0:\nsandbox:x:{SANDBOX_GID}:\nnogroup:x:65534:\n"
ENTRY_COMMAND = ("/bin/bash", f"{SANDBOX_TESTS_DIR}/{ENTRY_SCRIPT}")


def _tool(name: str) -> str:
    return shutil.which(name, path=SYSTEM_PATH + ":/usr/sbin:/sbin") or f"/usr/bin/{name}"


def identity_files(directory: Path) -> tuple[Path, Path]:
    """Write the sandbox's /etc/passwd and /etc/group into `directory`."""
    passwd, group = directory / "passwd", directory / "group"
    passwd.write_text(PASSWD)
    group.write_text(GROUP)
    for path in (passwd, group):
        os.chmod(path, 0o644)
    return passwd, group


def _namespaces(run_uid: int | None) -> list[str]:
    if run_uid is None:
        return [
            "--unshare-all", "--unshare-user", "--disable-userns",
            "--uid", str(SANDBOX_UID), "--gid", str(SANDBOX_GID),
        ]  # fmt: skip
    return [
        "--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts", "--unshare-cgroup-try",
        "--cap-drop", "ALL",
        "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID", "--cap-add", "CAP_SETPCAP",
    ]  # fmt: skip


def _inner_prefix(run_uid: int | None) -> list[str]:
    """As root: become the run's uid with no capabilities, seen inside as uid 1000."""
    if run_uid is None:
        return []
    return [
        _tool("setpriv"), f"--reuid={run_uid}", f"--regid={run_uid}", "--clear-groups",
        "--no-new-privs", "--inh-caps=-all", "--bounding-set=-all", "--",
        _tool("unshare"), "--user", f"--map-user={SANDBOX_UID}", f"--map-group={SANDBOX_GID}", "--",
    ]  # fmt: skip


def _dir_with_parents(path: Path, made: set[Path]) -> list[str]:
    """`--dir` every missing ancestor with mode 0755 (bubblewrap's own default is 0700)."""
    argv: list[str] = []
    for parent in reversed(path.parents):
        if parent != Path("/") and parent not in made:
            made.add(parent)
            argv += ["--perms", "0755", "--dir", str(parent)]
    return argv


def bwrap_argv(
    *,
    run_uid: int | None,
    runtime_prefixes: tuple[Path, ...],
    python_bin: Path,
    identity: tuple[Path, Path],
    tmp_bytes: int,
    workspace: Workspace | None,
    status_fd: int | None,
    command: tuple[str, ...] = ENTRY_COMMAND,
) -> list[str]:
    """The full bubblewrap command; `workspace=None` gives the probe's view (no binds)."""
    argv = [_tool("bwrap"), *_namespaces(run_uid), "--hostname", "sandbox"]
    argv += ["--die-with-parent", "--new-session", "--clearenv"]
    if status_fd is not None:
        argv += ["--json-status-fd", str(status_fd)]
    argv += ["--ro-bind", "/usr", "/usr"]
    for top in ("bin", "sbin", "lib", "lib32", "lib64", "libx32"):
        host = Path("/", top)
        if host.is_symlink():
            argv += ["--symlink", os.readlink(host), str(host)]
        elif host.is_dir():
            argv += ["--ro-bind", str(host), str(host)]
    for name in _ETC_ENTRIES:
        if Path("/etc", name).exists():
            argv += ["--ro-bind", f"/etc/{name}", f"/etc/{name}"]
    passwd, group = identity
    argv += ["--ro-bind", str(passwd), "/etc/passwd", "--ro-bind", str(group), "/etc/group"]
    argv += ["--dev", "/dev", "--proc", "/proc"]
    argv += ["--perms", "1777", "--size", str(tmp_bytes), "--tmpfs", "/tmp"]
    made: set[Path] = set()
    for prefix in runtime_prefixes:
        argv += _dir_with_parents(prefix, made)
        argv += ["--ro-bind", str(prefix), str(prefix)]
    if workspace is not None:
        for host, inside in (
            (workspace.app, SANDBOX_APP_DIR),
            (workspace.tests, SANDBOX_TESTS_DIR),
            (workspace.output, SANDBOX_OUTPUT_DIR),
        ):
            argv += _dir_with_parents(Path(inside), made)
            argv += ["--bind", str(host), inside]
        argv += ["--chdir", SANDBOX_APP_DIR]
    for key, value in sandbox_env(path=f"{python_bin}:{SYSTEM_PATH}").items():
        argv += ["--setenv", key, value]
    return [*argv, "--", *_inner_prefix(run_uid), *command]
