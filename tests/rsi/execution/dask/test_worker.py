"""A Dask worker's identity (rsi/execution/dask/worker.py): its code hash reads the
packages' sources where they lie, found without executing them, and it builds its
services only with the `WorkerKit` the driver hands down."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import rsi
from rsi.execution.dask.worker import code_hash, package_dir

ROOT = Path(__file__).resolve().parents[4]


def test_the_package_directory_is_found_without_importing_the_package() -> None:
    assert package_dir("rsi") == Path(rsi.__file__).parent
    probe = (
        "import sys\n"
        "from importlib import util\n"
        "spec = util.find_spec('search_space')\n"
        "assert spec is not None and spec.submodule_search_locations\n"
        "print('search_space' in sys.modules)\n"
    )
    found = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert found.stdout.strip() == "False"  # find_spec ran no __init__


def test_the_code_hash_changes_with_any_source_file(tmp_path: Path) -> None:
    before = code_hash()
    assert before == code_hash() and len(before) == 64
    marker = package_dir("rsi") / "execution" / "dask" / "_hash_probe.py"
    try:
        marker.write_text("# a changed source\n")
        assert code_hash() != before
    finally:
        marker.unlink()
    assert code_hash() == before
