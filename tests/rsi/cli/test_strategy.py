"""`rsi schema` and `rsi strategy ...` through the real entry point."""

from __future__ import annotations

import json
from pathlib import Path

from tests.support.cli_helpers import ROOT, assert_one_line_user_error, run_rsi

INITIAL = ROOT / "experiments/strategies/initial.json"


def test_schema_is_json_schema_with_camel_case() -> None:
    result = run_rsi("schema")
    assert result.returncode == 0
    schema = json.loads(result.stdout)
    assert "agentSteps" in schema["properties"] and "skillRoutes" in schema["properties"]
    steps = schema["properties"]["agentSteps"]
    assert (steps["minimum"], steps["maximum"]) == (2, 20) and "per round" in steps["description"]


def test_validate_prints_id() -> None:
    result = run_rsi("strategy", "validate", str(INITIAL), "--json")
    assert result.returncode == 0
    assert json.loads(result.stdout) == {"file": str(INITIAL), "valid": True, "id": "ff366d0fc4f3"}


def test_malformed_json_names_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"guidance": ')
    assert_one_line_user_error(run_rsi("strategy", "validate", str(bad)), str(bad), "line 1")


def test_unknown_field_names_file_and_field(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(json.loads(INITIAL.read_text()) | {"agentStepz": 3}))
    assert_one_line_user_error(run_rsi("strategy", "validate", str(bad)), str(bad), "agentStepz")


def test_out_of_bounds_value_names_field(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(json.loads(INITIAL.read_text()) | {"repairSteps": 99}))
    assert_one_line_user_error(run_rsi("strategy", "validate", str(bad)), "repairSteps")


def test_apply_prints_the_bare_child_that_the_other_commands_read(tmp_path: Path) -> None:
    edit = '{"op": "set_route", "context": "cli", "skill": "cli-output"}'
    result = run_rsi("strategy", "apply", str(INITIAL), edit)
    assert result.returncode == 0, result.stderr
    printed = json.loads(result.stdout)
    assert printed["skillRoutes"] == [{"context": "cli", "skill": "cli-output"}]
    child = tmp_path / "child.json"
    child.write_text(result.stdout)  # `> child.json` is the child itself
    assert json.loads(run_rsi("strategy", "validate", str(child), "--json").stdout)["valid"]
    changes = json.loads(run_rsi("strategy", "diff", str(INITIAL), str(child), "--json").stdout)
    assert [(c["field"], c["kind"], c["item"]) for c in changes["changes"]] == [
        ("skillRoutes", "added", "cli")
    ]


def test_apply_out_writes_the_child_and_names_it_with_its_id(tmp_path: Path) -> None:
    edit = '{"op": "set_route", "context": "cli", "skill": "cli-output"}'
    child = tmp_path / "child.json"
    result = run_rsi("strategy", "apply", str(INITIAL), edit, "--out", str(child))
    assert result.returncode == 0, result.stderr
    child_id = json.loads(run_rsi("strategy", "validate", str(child), "--json").stdout)["id"]
    assert result.stdout == f"{child}: child strategy, id {child_id}\n"
    assert (
        child_id != json.loads(run_rsi("strategy", "validate", str(INITIAL), "--json").stdout)["id"]
    )
    unwritable = tmp_path / "missing" / "child.json"
    failed = run_rsi("strategy", "apply", str(INITIAL), edit, "--out", str(unwritable))
    assert_one_line_user_error(failed, str(unwritable), "No such file or directory")


def test_apply_invalid_edit_is_a_user_error() -> None:
    edit = '{"op": "set_scalar", "field": "agentSteps", "value": 13}'
    assert_one_line_user_error(run_rsi("strategy", "apply", str(INITIAL), edit), "off_grid")
