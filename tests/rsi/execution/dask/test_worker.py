"""A Dask worker's identity (rsi/execution/dask/worker.py): its code hash reads the
packages' sources where they lie, found without executing them."""

from __future__ import annotations

from pathlib import Path

import pytest

import rsi
from rsi.execution.dask.worker import code_hash, package_dir


def _probe_package(root: Path) -> Path:
    """A package whose import would fail: hashing it proves nothing executed it."""
    package = root / "e48_probe_pkg"
    package.mkdir()
    (package / "__init__.py").write_text("raise RuntimeError('executed')\n")
    (package / "part.py").write_text("VALUE = 1\n")
    return package


def test_the_package_directory_is_found_where_it_lies() -> None:
    assert package_dir("rsi") == Path(rsi.__file__).parent


def test_the_code_hash_reads_sources_without_executing_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = _probe_package(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    before = code_hash(("e48_probe_pkg",))
    assert package_dir("e48_probe_pkg") == package and len(before) == 64
    assert before == code_hash(("e48_probe_pkg",))
    (package / "part.py").write_text("VALUE = 2\n")
    assert code_hash(("e48_probe_pkg",)) != before
