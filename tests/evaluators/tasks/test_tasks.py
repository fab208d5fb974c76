"""Task loading, the public view and seeded splits (evaluators.tasks, evaluators.tasks.splits)."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evaluators.judging.task_validation import validate_task
from evaluators.sandbox import LocalSandbox
from evaluators.tasks import PanelLabel, TaskSet, load_task
from evaluators.tasks.splits import Role, ids_hash, split_ids
from search_space.errors import UserInputError
from search_space.schema import Context

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "tasks"
CLAMP = FIXTURES / "clamp-range"


def copy_task(tmp_path: Path, new_id: str | None = None) -> Path:
    """A writable copy of the fixture task, optionally renamed (dir and task.id)."""
    task_id = new_id or CLAMP.name
    target = tmp_path / task_id
    shutil.copytree(CLAMP, target)
    if new_id:
        toml = target / "task.toml"
        toml.write_text(toml.read_text().replace('id = "clamp-range"', f'id = "{new_id}"'))
    return target


def edit_toml(task_dir: Path, old: str, new: str) -> None:
    toml = task_dir / "task.toml"
    text = toml.read_text()
    assert old in text
    toml.write_text(text.replace(old, new))


def test_load_fixture_task_reads_every_field() -> None:
    task = load_task(CLAMP)
    assert task.id == "clamp-range"
    assert task.context is Context.ALGORITHM
    assert task.family == "clamp"
    assert task.source == "rsi-test-fixture"
    assert task.language == "python"
    assert task.verifier_timeout_s == 30
    assert task.agent_timeout_s == 120
    assert (task.cpus, task.memory_mb, task.image) == (1, 512, None)
    assert (task.panel_valid, task.panel_invalid) == (1, 2)
    assert task.environment_dir == CLAMP.resolve() / "environment"
    assert task.solution_dir.is_dir() and task.tests_dir.is_dir()
    members = task.panel_members()
    assert [(m.label, m.name) for m in members] == [
        (PanelLabel.VALID, "v1-sorted-middle"),
        (PanelLabel.INVALID, "i1-no-upper-bound"),
        (PanelLabel.INVALID, "i2-no-order-check"),
    ]


def test_panel_defaults_and_family_default(tmp_path: Path) -> None:
    task_dir = copy_task(tmp_path)
    edit_toml(task_dir, "[panel]\nvalid = 1\ninvalid = 2\n", "")
    edit_toml(task_dir, 'family = "clamp"\n', "")
    task = load_task(task_dir)
    assert (task.panel_valid, task.panel_invalid) == (4, 5)
    assert task.family == "clamp-range"


def test_taskset_sorts_by_id_and_ignores_files_and_hidden_dirs(tmp_path: Path) -> None:
    for name in ("zeta-task", "alpha-task", "mid-task"):
        copy_task(tmp_path, name)
    (tmp_path / "FORMAT.md").write_text("# not a task\n")
    (tmp_path / ".cache").mkdir()
    (tmp_path / "__pycache__").mkdir()
    tasks = TaskSet.load(tmp_path)
    assert tasks.ids == ("alpha-task", "mid-task", "zeta-task")
    assert len(tasks) == 3
    assert tasks.get("mid-task").root == (tmp_path / "mid-task").resolve()
    assert tasks.subset(["zeta-task", "alpha-task"]).ids == ("zeta-task", "alpha-task")


def test_taskset_load_of_a_single_task_dir() -> None:
    assert TaskSet.load(CLAMP).ids == ("clamp-range",)


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ('context = "algorithm"\n', "", "task.context: required field is missing"),
        ('context = "algorithm"', 'context = "quantum"', "task.context"),
        ("[verifier]\ntimeout_sec = 30\n", "", "verifier: required field is missing"),
        ("timeout_sec = 30", "timeout_sec = -1", "verifier.timeout_sec"),
        ('language = "python"', 'language = "python"\ncolour = "red"', "task.colour: unknown"),
        ("[panel]\nvalid = 1", "[panel]\nvalid = -1", "panel.valid"),
        ('id = "clamp-range"', 'id = "other-task"', "differs from the directory name"),
        ('source = "rsi-test-fixture"', "source = [unclosed", "malformed TOML"),
    ],
)
def test_malformed_task_toml_names_file_and_field(
    tmp_path: Path, old: str, new: str, expected: str
) -> None:
    task_dir = copy_task(tmp_path)
    edit_toml(task_dir, old, new)
    with pytest.raises(UserInputError) as raised:
        load_task(task_dir)
    message = str(raised.value)
    assert str(task_dir / "task.toml") in message
    assert expected in message
    assert "\n" not in message


@pytest.mark.parametrize("task_id", ["django__django-11099", "merge_intervals", "Pkg.v2-fix"])
def test_real_world_task_ids_load_and_validate(
    tmp_path: Path, task_id: str, bwrap_sandbox: LocalSandbox
) -> None:
    task = load_task(copy_task(tmp_path, task_id))
    assert task.id == task_id and task.family == "clamp"
    validation = validate_task(task, bwrap_sandbox)
    assert validation.ok, validation.problems
    assert validation.task_id == task_id


@pytest.mark.parametrize("task_id", ["../x", "a:b", ".hidden", "", "a/b", "-dash", "x\n"])
def test_unsafe_task_ids_are_refused_saying_what_is_allowed(tmp_path: Path, task_id: str) -> None:
    task_dir = tmp_path / "task"
    shutil.copytree(CLAMP, task_dir)
    edit_toml(task_dir, 'id = "clamp-range"', f"id = {json.dumps(task_id)}")
    with pytest.raises(UserInputError) as raised:
        load_task(task_dir)
    message = str(raised.value)
    assert f"task.id: {task_id!r} is not allowed" in message
    assert "a letter or digit, then letters, digits, '.', '_' or '-'" in message


@pytest.mark.parametrize(
    "missing", ["task.toml", "instruction.md", "environment", "solution", "tests", "tests/run.sh"]
)
def test_missing_part_is_a_user_error(tmp_path: Path, missing: str) -> None:
    task_dir = copy_task(tmp_path)
    path = task_dir / missing
    if path.is_dir():
        shutil.rmtree(path)
    else:
        path.unlink()
    with pytest.raises(UserInputError, match=missing.replace(".", r"\.")):
        TaskSet.load(tmp_path)


def test_public_view_holds_no_hidden_path_or_content(tmp_path: Path) -> None:
    task = load_task(CLAMP)
    public = task.public()
    assert public.id == "clamp-range" and public.context is Context.ALGORITHM
    assert public.instruction.startswith("# Clamp")
    dumped = json.dumps(public.model_dump(mode="json"))
    assert str(CLAMP.resolve()) not in dumped
    assert "tests/fixtures" not in dumped
    hidden = (CLAMP / "solution" / "calc.py").read_bytes()
    assert all(f.content != hidden for f in public.files)
    assert [f.path for f in public.files] == ["calc.py"]
    workdir = tmp_path / "work"
    public.copy_environment(workdir)
    assert (workdir / "calc.py").read_bytes() == (CLAMP / "environment" / "calc.py").read_bytes()
    assert sorted(p.name for p in workdir.rglob("*")) == ["calc.py"]


def test_public_view_is_a_snapshot_not_a_live_link(tmp_path: Path) -> None:
    task_dir = copy_task(tmp_path)
    (task_dir / "environment" / "tool.sh").write_text("echo hi\n")
    (task_dir / "environment" / "tool.sh").chmod(0o755)
    public = load_task(task_dir).public()
    shutil.rmtree(task_dir)  # the task disappears; the view still materializes
    workdir = tmp_path / "work"
    public.copy_environment(workdir)
    assert (workdir / "tool.sh").stat().st_mode & 0o111
    assert not (workdir / "calc.py").stat().st_mode & 0o111


def test_symlink_in_environment_is_refused(tmp_path: Path) -> None:
    task_dir = copy_task(tmp_path)
    (task_dir / "environment" / "leak.py").symlink_to(task_dir / "solution" / "calc.py")
    with pytest.raises(UserInputError, match="symlinks"):
        load_task(task_dir).public()


def test_split_sizes_disjoint_and_hashes() -> None:
    ids = [f"task-{n:02d}" for n in range(20)]
    splits = split_ids(ids, {"proposal": 8, "dev": 4, "release": 5, "test": 0})
    assert splits.seed == 42
    parts = {role: splits.ids(role) for role in Role}
    assert [len(parts[r]) for r in Role] == [8, 4, 5, 0]
    union = [i for r in Role for i in parts[r]]
    assert len(set(union)) == len(union) == 17
    for split in splits.roles:
        expected = hashlib.sha256("\n".join(sorted(split.ids)).encode()).hexdigest()
        assert split.sha256 == expected
    assert splits.pool_sha256 == ids_hash(ids)
    canonical = json.dumps(
        {r.value: sorted(parts[r]) for r in Role}, sort_keys=True, separators=(",", ":")
    )
    assert splits.assignment_sha256 == hashlib.sha256(canonical.encode()).hexdigest()


def test_split_is_seeded_and_order_independent() -> None:
    ids = [f"task-{n:02d}" for n in range(30)]
    sizes = {Role.PROPOSAL: 10, Role.DEV: 5, Role.RELEASE: 10}
    a = split_ids(ids, sizes)
    b = split_ids(list(reversed(ids)), sizes, seed=42)
    c = split_ids(ids, sizes, seed=7)
    assert a == b
    assert a.assignment_sha256 != c.assignment_sha256
    assert a.pool_sha256 == c.pool_sha256


@pytest.mark.parametrize(
    ("sizes", "match"),
    [
        ({"proposal": 3, "dev": 2}, r"add up to 5 \(proposal 3, dev 2\) but the pool holds 4"),
        ({"proposal": -1}, "negative"),
        ({"training": 1}, "unknown role"),
    ],
)
def test_split_rejects_bad_sizes(sizes: dict[str, int], match: str) -> None:
    with pytest.raises(UserInputError, match=match):
        split_ids(["a", "b", "c", "d"], sizes)


def test_taskset_split_uses_its_ids_and_families(tmp_path: Path) -> None:
    for name in ("a-task", "b-task", "c-task"):
        copy_task(tmp_path, name)  # one family: the copies are siblings
    sizes = {"proposal": 1, "dev": 1, "release": 1}
    with pytest.raises(UserInputError, match="1 families"):
        TaskSet.load(tmp_path).split(sizes)
    for name in ("a-task", "b-task", "c-task"):
        edit_toml(tmp_path / name, 'family = "clamp"', f'family = "{name}"')
    splits = TaskSet.load(tmp_path).split(sizes)
    assert sorted(i for r in Role for i in splits.ids(r)) == ["a-task", "b-task", "c-task"]


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(min_value=0, max_value=40),
    sizes=st.lists(st.integers(min_value=0, max_value=12), min_size=4, max_size=4),
    seed=st.integers(min_value=0, max_value=2**31),
)
def test_split_property_disjoint_exact_sizes(n: int, sizes: list[int], seed: int) -> None:
    ids = [f"t{i}" for i in range(n)]
    wanted = dict(zip(Role, sizes, strict=True))
    if sum(sizes) > n:
        with pytest.raises(UserInputError):
            split_ids(ids, wanted, seed=seed)
        return
    splits = split_ids(ids, wanted, seed=seed)
    chosen = [i for r in Role for i in splits.ids(r)]
    assert [len(splits.ids(r)) for r in Role] == sizes
    assert len(set(chosen)) == len(chosen)
    assert set(chosen) <= set(ids)


@settings(max_examples=80, deadline=None)
@given(
    family_sizes=st.lists(st.integers(min_value=1, max_value=5), min_size=1, max_size=25),
    sizes=st.lists(st.integers(min_value=0, max_value=15), min_size=4, max_size=4),
    seed=st.integers(min_value=0, max_value=2**31),
)
def test_split_fills_roles_with_whole_families(
    family_sizes: list[int], sizes: list[int], seed: int
) -> None:
    families = {f"f{f}-t{i}": f"fam{f}" for f, size in enumerate(family_sizes) for i in range(size)}
    wanted = dict(zip(Role, sizes, strict=True))
    try:
        splits = split_ids(families, wanted, seed=seed, families=families)
    except UserInputError as error:
        assert "families" in str(error)
        return
    role_of_family: dict[str, Role] = {}
    for role in Role:
        ids = splits.ids(role)
        need = wanted[role]
        biggest = max(family_sizes)
        # the size is met, and exceeded by less than one (the last) family
        assert need <= len(ids) < need + biggest or (need == 0 and not ids)
        for task_id in ids:
            family = families[task_id]
            assert role_of_family.setdefault(family, role) is role  # never straddles
        assert len(splits.role(role).families) == len({families[t] for t in ids})
    assert splits.shared_families() == 0


def test_split_refuses_sizes_whole_families_cannot_meet() -> None:
    families = {f"a{i}": "a" for i in range(5)} | {f"b{i}": "b" for i in range(5)}
    with pytest.raises(UserInputError, match=r"cannot be met with whole families.*2 families"):
        split_ids(families, {"proposal": 3, "dev": 3, "release": 3}, families=families)


def test_a_task_without_a_family_is_a_family_of_one() -> None:
    ids = [f"t{i}" for i in range(6)]
    splits = split_ids(ids, {"proposal": 2, "dev": 2, "release": 2}, families={"t0": "x"})
    assert [len(splits.ids(r)) for r in (Role.PROPOSAL, Role.DEV, Role.RELEASE)] == [2, 2, 2]
