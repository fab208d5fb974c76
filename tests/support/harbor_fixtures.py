"""Small Harbor task directories written on the fly, in the real format."""

from __future__ import annotations

from pathlib import Path

APP = "def double(x):\n    return x + x\n"
BUGGY = "def double(x):\n    return x * 3\n"
TEST_SH_TXT = """#!/bin/bash
cd /app
if python3 -c 'from calc import double; assert double(4) == 8'
then echo 1 > /logs/verifier/reward.txt; else echo 0 > /logs/verifier/reward.txt; fi
"""


def write_task(
    root: Path,
    name: str = "calc",
    *,
    toml: str = '[task]\nname = "acme/calc"\n[metadata]\nfamily = "arith"\n',
    dockerfile: str = (
        "FROM python:3.11-slim\nRUN pip install pytest==8.4.1\nWORKDIR /app\n"
        "COPY calc.py blob.bin /app/\n"
    ),
    test_sh: str | None = TEST_SH_TXT,
    solve: str = f"#!/bin/bash\ncat > /app/calc.py <<'PY'\n{APP}PY\n",
    panel: dict[str, str] | None = None,
) -> Path:
    """A Harbor task whose initial program triples instead of doubling."""
    task = root / name
    (task / "environment").mkdir(parents=True)
    (task / "solution").mkdir()
    (task / "tests").mkdir()
    (task / "task.toml").write_text(toml)
    (task / "instruction.md").write_text(
        "<!-- BENCHMARK DATA canary GUID 1234 -->\n# Double\n\nImplement `double(x)`.\n"
    )
    (task / "environment" / "Dockerfile").write_text(dockerfile)
    (task / "environment" / "calc.py").write_text(BUGGY)
    (task / "environment" / "blob.bin").write_bytes(b"\0\1\2binary")
    (task / "solution" / "solve.sh").write_text(solve)  # no run bit, as Harbor allows
    if test_sh is not None:
        (task / "tests" / "test.sh").write_text(test_sh)
    for label_name, script in (panel or {}).items():
        member = task / "panel" / label_name
        member.mkdir(parents=True)
        (member / "solve.sh").write_text(script)
    return task
