"""Scratch directories (evaluators.sandbox.scratch): what a killed process leaves is removed
by the next process, never what a live one holds."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from evaluators.sandbox import scratch
from evaluators.sandbox.scratch import process_folder_name, scratch_dir, sweep_gone

ROOT = Path(__file__).resolve().parents[3]


def test_only_folders_of_processes_that_are_gone_are_swept(tmp_path: Path) -> None:
    live = subprocess.Popen(["sleep", "60"])
    gone = subprocess.Popen(["true"])
    gone_name = process_folder_name(gone.pid)
    gone.wait()
    try:
        kept = [
            tmp_path / process_folder_name(live.pid),
            tmp_path / process_folder_name(os.getpid()),
        ]
        kept.append(tmp_path / "notes")  # not a process folder
        swept = [tmp_path / gone_name, tmp_path / f"{os.getpid()}-1"]  # the pid, reused
        for folder in kept + swept:
            (folder / "ws" / "locked").mkdir(parents=True)
            (folder / "ws" / "locked" / "file").write_text("left by a suite")
            (folder / "ws" / "locked").chmod(0o500)  # a suite's read-only leftover
        assert sorted(sweep_gone(tmp_path)) == sorted(swept)
        assert all(folder.is_dir() for folder in kept)
        assert not any(folder.exists() for folder in swept)
    finally:
        live.kill()
        live.wait()


def test_a_killed_process_leaves_its_scratch_to_the_next_one() -> None:
    make = "from evaluators.sandbox import scratch_dir; print(scratch_dir('rsi-test-'), flush=True)"
    killed = subprocess.run(
        [sys.executable, "-c", make + "; import os; os.kill(os.getpid(), 9)"],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert killed.returncode == -signal.SIGKILL
    left = Path(killed.stdout.strip())
    assert left.is_dir() and left.parent.parent.name == f"rsi-scratch-{os.geteuid()}"
    later = subprocess.run(
        [sys.executable, "-c", make], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert not left.exists() and not left.parent.exists()
    assert Path(later.stdout.strip()).parent.parent == left.parent.parent


def test_a_shared_root_that_is_not_ours_is_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / f"rsi-scratch-{os.geteuid()}").symlink_to(elsewhere)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setattr(scratch, "_folders", {})
    made = scratch_dir("rsi-test-")
    assert made.parent.parent == tmp_path and made.parent.name.startswith("rsi-scratch-")
    assert list(elsewhere.iterdir()) == []
    assert oct(made.parent.stat().st_mode & 0o777) == oct(0o700)  # mkdtemp's own
