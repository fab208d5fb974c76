"""A pytest plugin that writes when each test ran and on which xdist worker.

`experiments/benchmarks/suite_time.py` loads it (`-p tests.support.timeline`) with
`RSI_TEST_TIMELINE` naming a directory: each worker appends one JSON line per test
(`worker`, `test`, `start`, `end`, wall-clock seconds since the epoch, setup to teardown).
From these the benchmark tells a pass that is short of work at its end (one long test
left on one worker) from one that is simply busy.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Generator
from pathlib import Path

import pytest

TIMELINE_ENV = "RSI_TEST_TIMELINE"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, None, None]:
    folder = os.environ.get(TIMELINE_ENV)
    started = time.time()
    yield
    if not folder:
        return
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    line = {"worker": worker, "test": item.nodeid, "start": started, "end": time.time()}
    with open(Path(folder) / f"{worker}.jsonl", "a", encoding="utf-8") as handle:
        handle.write(json.dumps(line) + "\n")
