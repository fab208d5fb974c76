"""The probe task the scripted author's tests share: generated here, with flags the initial
program gets wrong and one-line author items, so what the author writes, repairs, drops or
sees fail is predictable from its documented rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from search_space import Strategy

CLAUSE_TEXT = "The probe must honour this requirement exactly as documented. " * 3


# (id, clause, technique, cost, flaw, body): body is the test's assertion.
ITEMS = [
    ("c1-basic", 1, "basic", 1, "none", "assert probe.VERSION == 1"),
    ("c1-boundary", 1, "boundary", 1, "none", "assert probe.BOUNDARY_OK"),
    ("c2-overfit", 2, "basic", 1, "overfit", "assert probe.VERSION == 1"),
    ("c2-basic", 2, "basic", 2, "none", "assert probe.VERSION >= 1"),
    ("c3-broken", 3, "basic", 1, "broken", "assert helper_that_does_not_exist()"),
    ("c4-basic-a", 4, "basic", 1, "none", "assert probe.VERSION"),
    ("c4-basic-b", 4, "basic", 1, "none", "assert probe.VERSION > 0"),
    ("c4-basic-c", 4, "basic", 1, "none", "assert probe.VERSION < 9"),
    ("c4-basic-d", 4, "basic", 1, "none", "assert probe.ROUND_OK"),
    ("c5-deep", 5, "basic", 1, "none", "assert probe.DEEP_OK"),
    ("c6-basic", 6, "basic", 4, "none", "assert probe.VERSION"),
]


REPAIRED = "assert probe.REPAIR_OK"


NOISE = "x" * 3000


def item_source(body: str) -> str:
    return f"import probe\n\n\ndef test_item():\n    {body}\n"


@pytest.fixture(scope="module")
def probe_tasks(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("tasks")
    task = root / "probe-task"
    for folder in ("environment", "solution", "tests", "author/items", "panel/valid/v1"):
        (task / folder).mkdir(parents=True)
    (task / "task.toml").write_text(
        '[task]\nid = "probe-task"\ncontext = "general"\nsource = "test"\nlanguage = "python"\n'
        "[verifier]\ntimeout_sec = 60\n[agent]\ntimeout_sec = 60\n"
    )
    clauses = "\n".join(f"{n}. Clause {n}: {CLAUSE_TEXT}" for n in range(1, 7))
    (task / "instruction.md").write_text(
        f"# Probe\n\nImplement `probe.py`.\n\n## Requirements\n\n{clauses}\n"
    )
    (task / "environment/probe.py").write_text(
        "VERSION = 1\nBOUNDARY_OK = False\nREPAIR_OK = False\nROUND_OK = False\nDEEP_OK = False\n"
    )
    (task / "solution/probe.py").write_text(
        "VERSION = 1\nBOUNDARY_OK = True\nREPAIR_OK = True\nROUND_OK = True\nDEEP_OK = True\n"
    )
    (task / "tests/run.sh").write_text("exit 1\n")
    lines = ['[author]\nmodule = "probe"\n']
    for item_id, clause, technique, cost, flaw, body in ITEMS:
        name = item_id.replace("-", "_")
        (task / f"author/items/test_{name}.py").write_text(
            item_source(body).replace("test_item", f"test_{name}")
        )
        lines.append(
            f'[[item]]\nid = "{item_id}"\nclause = {clause}\ntechnique = "{technique}"\n'
            f'cost = {cost}\nflaw = "{flaw}"\nfile = "items/test_{name}.py"\n'
        )
        if flaw == "broken":
            (task / f"author/items/test_{name}_fixed.py").write_text(
                item_source(REPAIRED).replace("test_item", f"test_{name}")
            )
            lines.append(f'repaired = "items/test_{name}_fixed.py"\n')
    (task / "author/pool.toml").write_text("\n".join(lines))
    return root


BASE = Strategy(initial_candidates=3, max_candidates=3)
