"""Harbor pools: build and verify the images of Harbor tasks (DESIGN.md section 4).

Reading a Harbor task directory is `evaluators.tasks`' job (`HarborTask`,
`load_harbor_task`; `TaskSet.load` does so for every Harbor-shaped directory of a pool).
Here:

- `build_pool`: build each task's initial, reference and panel images, cached by content
  hash, with `FROM` references mapped to local images (`parse_base_images`);
- `validate_harbor_task`: the source verifier (`tests/test.sh`, as Harbor runs it) labels
  every target.

Imports `evaluators.tasks` and `evaluators.sandbox`; never `rsi`.
"""

from __future__ import annotations

from evaluators.harbor.bases import parse_base_images, resolve_base
from evaluators.harbor.images import BUILD_NETWORKS, BuildFailed
from evaluators.harbor.pool import BuildRecord, build_pool, default_logs_dir
from evaluators.harbor.verifier import (
    HarborValidation,
    VerifierRun,
    parse_reward,
    validate_harbor_task,
)

__all__ = [
    "BUILD_NETWORKS",
    "BuildFailed",
    "BuildRecord",
    "HarborValidation",
    "VerifierRun",
    "build_pool",
    "default_logs_dir",
    "parse_base_images",
    "parse_reward",
    "resolve_base",
    "validate_harbor_task",
]
