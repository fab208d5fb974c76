"""Harbor task directories: loading, ids, families, legacy fields (no Docker needed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from evaluators.harbor import parse_base_images, parse_reward
from evaluators.tasks import TaskSet
from evaluators.tasks.harbor_spec import parse_harbor_toml, size_to_mb
from evaluators.tasks.harbor_task import HarborTask, is_harbor_dir
from search_space.errors import UserInputError
from tests.support.cli_helpers import assert_one_line_user_error, run_rsi
from tests.support.harbor_fixtures import write_task

EXAMPLES = Path(__file__).resolve().parents[3] / "experiments" / "harbor"


def test_example_pool_loads_as_harbor_tasks_with_families() -> None:
    pool = TaskSet.load(EXAMPLES)
    assert len(pool) >= 6
    assert all(isinstance(task, HarborTask) for task in pool.tasks)
    families = {task.family for task in pool.tasks}
    assert families == {"text", "numbers", "sequences"}
    clamp = pool.get("rsi-examples__clamp")
    assert clamp.memory_mb == 1024  # legacy memory = "1G"
    assert clamp.harbor.environment.network_mode == "none"  # allow_internet = false
    assert clamp.harbor.schema_version == "1.0"  # legacy version
    assert (clamp.panel_valid, clamp.panel_invalid) == (1, 2)


def test_id_from_name_family_from_dataset_folder(tmp_path: Path) -> None:
    write_task(tmp_path / "bench-a", toml='[task]\nname = "org/Odd name!"\n')
    write_task(tmp_path / "bench-b", name="plain", toml="[verifier]\ntimeout_sec = 30\n")
    pool = TaskSet.load(tmp_path)
    assert pool.ids == ("org__Odd-name", "plain")
    assert pool.get("org__Odd-name").family == "bench-a"
    plain = pool.get("plain")
    assert plain.family == "bench-b" and plain.verifier_timeout_s == 30
    assert plain.agent_timeout_s == 600  # Harbor's defaults
    assert plain.source == "harbor:bench-b"


def test_canary_lines_are_stripped_and_unbuilt_public_view_refused(tmp_path: Path) -> None:
    task = TaskSet.load(write_task(tmp_path)).tasks[0]
    assert isinstance(task, HarborTask)
    assert "canary" not in task.instruction().lower()
    assert task.instruction().startswith("# Double")
    with pytest.raises(UserInputError, match="rsi tasks build"):
        task.public()


def test_missing_test_script_is_named(tmp_path: Path) -> None:
    directory = write_task(tmp_path, test_sh=None)
    assert is_harbor_dir(directory)
    with pytest.raises(UserInputError, match=r"tests/test\.sh"):
        TaskSet.load(tmp_path)


def test_duplicate_ids_across_datasets_are_refused(tmp_path: Path) -> None:
    write_task(tmp_path / "one")
    write_task(tmp_path / "two")
    with pytest.raises(UserInputError, match="acme__calc"):
        TaskSet.load(tmp_path)


def test_legacy_sizes_and_bad_values() -> None:
    assert size_to_mb("2G") == 2048 and size_to_mb("512M") == 512 and size_to_mb(300) == 300
    config = parse_harbor_toml({"environment": {"memory": "4G", "storage": "10G"}}, source="t")
    assert (config.environment.memory_mb, config.environment.storage_mb) == (4096, 10240)
    assert parse_harbor_toml({"unknown": {"x": 1}}, source="t").verifier.timeout_sec == 600
    with pytest.raises(UserInputError, match="size"):
        parse_harbor_toml({"environment": {"memory": "lots"}}, source="t")
    with pytest.raises(UserInputError, match="timeout_sec"):
        parse_harbor_toml({"verifier": {"timeout_sec": -1}}, source="t")


def test_reward_files() -> None:
    assert parse_reward({"reward.txt": b"1\n"}, source="t") == {"reward": 1.0}
    both = {"reward.json": b'{"a": 1, "b": 0.5}', "reward.txt": b"0"}
    assert parse_reward(both, source="t") == {"a": 1.0, "b": 0.5}  # json first
    assert parse_reward({"reward.txt": b"  "}, source="t") is None
    assert parse_reward({}, source="t") is None
    with pytest.raises(UserInputError, match="not a number"):
        parse_reward({"reward.txt": b"passed"}, source="t")
    with pytest.raises(UserInputError, match="flat object"):
        parse_reward({"reward.json": b'{"a": {"b": 1}}'}, source="t")


def test_base_image_pairs() -> None:
    assert parse_base_images(["python:3.12-slim=rsi-python:bookworm"], source="s") == {
        "python:3.12-slim": "rsi-python:bookworm"
    }
    with pytest.raises(UserInputError, match="FROM=LOCAL"):
        parse_base_images(["python:3.12-slim"], source="s")


def test_validate_names_each_malformed_task_in_one_line(tmp_path: Path) -> None:
    write_task(tmp_path, "one", test_sh=None)
    write_task(tmp_path, "two", toml='[task]\nname = "acme/two"\n', solve="")
    (tmp_path / "two" / "solution" / "solve.sh").unlink()
    done = run_rsi("tasks", "validate", str(tmp_path))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 2, done.stderr
    assert "one" in lines[0] and "tests/test.sh missing" in lines[0]
    assert "two" in lines[1] and "solution/solve.sh missing" in lines[1]


def test_search_on_harbor_pool_needs_docker_backend(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[3]
    config = (root / "experiments" / "harbor_small.toml").read_text()
    config = config.replace('backend = "docker"', 'backend = "local"')
    config = config.replace('tasks = "harbor"', f'tasks = "{EXAMPLES}"')
    config = config.replace(
        '"strategies/initial.json"', f'"{root}/experiments/strategies/initial.json"'
    )
    (tmp_path / "local.toml").write_text(config)
    done = run_rsi("search", str(tmp_path / "local.toml"), "--run-dir", str(tmp_path / "run"))
    assert_one_line_user_error(done, "sandbox.backend", "Harbor", "docker")


def test_panel_sizes_default_to_disk_or_the_declared_table(tmp_path: Path) -> None:
    script = "#!/bin/bash\ntrue\n"
    write_task(tmp_path / "a", panel={"valid/v1": script, "invalid/i1": script})
    declared = '[task]\nname = "acme/declared"\n[panel]\nvalid = 4\ninvalid = 5\n'
    write_task(tmp_path / "b", "declared", toml=declared, panel={"invalid/i1": script})
    pool = TaskSet.load(tmp_path)
    on_disk, claimed = pool.get("acme__calc"), pool.get("acme__declared")
    assert (on_disk.panel_valid, on_disk.panel_invalid) == (1, 1)
    assert (claimed.panel_valid, claimed.panel_invalid) == (4, 5)
    assert [m.name for m in claimed.panel_members()] == ["i1"]
