"""Tasks: what a task is, how a pool loads and splits, and what hides from a runner.

- `model`: our task format (`Task`, the hidden view for the judge and the validator;
  `PublicTask`, all a runner sees) and `load_task`;
- `harbor_spec`, `harbor_task`: Harbor's format (`HarborTask` is a `Task` whose targets are
  images; `evaluators.harbor` builds and verifies them);
- `task_set`: a pool on disk (`TaskSet.load` tells the two formats apart);
- `splits`: seeded disjoint roles of whole families;
- `author_pool`, `pool_overlap`: the scripted author's hidden `author/` material, and the
  check that it copies nothing of the trusted verifier.

Other packages import these names from `evaluators.tasks`, never its modules. Imports
`search_space` only.
"""

from __future__ import annotations

from evaluators.tasks.author_pool import (
    SKILL_TECHNIQUE,
    AuthorItem,
    AuthorPool,
    PoolProvider,
    TaskDirPools,
    Technique,
    load_author_pool,
)
from evaluators.tasks.harbor_spec import HarborToml, parse_harbor_toml, size_to_mb
from evaluators.tasks.harbor_task import (
    SOLVE_SCRIPT,
    TEST_SCRIPT,
    HarborImages,
    HarborTask,
    PanelImage,
    harbor_task_id,
    is_harbor_dir,
    load_harbor_task,
)
from evaluators.tasks.model import (
    TASK_ID,
    PanelLabel,
    PanelMember,
    PublicFile,
    PublicTask,
    Task,
    load_task,
    read_task_toml,
    snapshot_dir,
)
from evaluators.tasks.pool_overlap import verifier_overlap
from evaluators.tasks.splits import DEFAULT_SEED, Role, RoleSplit, Splits, ids_hash, split_ids
from evaluators.tasks.task_set import TaskSet, discover_task_dirs, load_problems

__all__ = [
    "DEFAULT_SEED",
    "SKILL_TECHNIQUE",
    "SOLVE_SCRIPT",
    "TASK_ID",
    "TEST_SCRIPT",
    "AuthorItem",
    "AuthorPool",
    "HarborImages",
    "HarborTask",
    "HarborToml",
    "PanelImage",
    "PanelLabel",
    "PanelMember",
    "PoolProvider",
    "PublicFile",
    "PublicTask",
    "Role",
    "RoleSplit",
    "Splits",
    "Task",
    "TaskDirPools",
    "TaskSet",
    "Technique",
    "discover_task_dirs",
    "harbor_task_id",
    "ids_hash",
    "is_harbor_dir",
    "load_author_pool",
    "load_harbor_task",
    "load_problems",
    "load_task",
    "parse_harbor_toml",
    "read_task_toml",
    "size_to_mb",
    "snapshot_dir",
    "split_ids",
    "verifier_overlap",
]
