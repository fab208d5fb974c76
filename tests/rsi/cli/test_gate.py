"""`rsi gate` and `rsi gate plan`: outputs through CliRunner, user errors through the real entry."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rsi.cli import app
from tests.support.cli_helpers import GATE_REPORT_KEYS, assert_one_line_user_error, run_rsi

runner = CliRunner()


@pytest.fixture
def table13(tmp_path: Path) -> Path:
    """The paper's release split: 46 both succeed, 40 both fail, 12 wins, 2 losses."""
    rows = (
        [(f"both-{i}", 1, 1) for i in range(46)]
        + [(f"none-{i}", 0, 0) for i in range(40)]
        + [(f"win-{i}", 0, 1) for i in range(12)]
        + [(f"loss-{i}", 1, 0) for i in range(2)]
    )
    path = tmp_path / "release.csv"
    path.write_text("task_id,baseline,challenger\n" + "".join(f"{t},{b},{c}\n" for t, b, c in rows))
    return path


def invoke(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, (result.output, result.exception)
    return result.stdout


def test_table_output(table13: Path) -> None:
    out = invoke("gate", "--outcomes", str(table13))
    for needle in ("PROMOTE", "48/100 (48.0%)", "58/100 (58.0%)", "+10.0 pp", "0.006470"):
        assert needle in out
    assert "[+3.0, +17.0] pp" in out and "[+1.0, +20.0] pp" in out
    assert "10,000 resamples, seed 42" in out


def test_json_has_exactly_the_contract_keys(table13: Path) -> None:
    data = json.loads(invoke("gate", "--outcomes", str(table13), "--json"))
    assert set(data) == GATE_REPORT_KEYS
    assert (data["wins"], data["losses"], data["diff_pp"]) == (12, 2, 10.0)
    assert data["p_value"] == pytest.approx(106 / 16384, rel=1e-12)
    assert (data["ci95_pp"], data["ci99_pp"]) == ([3.0, 17.0], [1.0, 20.0])
    assert data["promote"] is True and data["alpha"] == 0.05


def test_options_reach_the_gate(table13: Path) -> None:
    data = json.loads(
        invoke("gate", "--outcomes", str(table13), "--json", "--alpha", "0.005", "--seed", "1")
    )
    assert data["alpha"] == 0.005 and data["promote"] is False and "> alpha" in data["reason"]
    few = json.loads(invoke("gate", "--outcomes", str(table13), "--json", "--resamples", "100"))
    assert few["p_value"] == data["p_value"]


def test_markdown_output(table13: Path) -> None:
    out = invoke("gate", "--outcomes", str(table13), "--markdown")
    assert out.startswith("### Release gate: promote\n")
    assert "| 48/100 (48.0%) | 58/100 (58.0%) | 12 / 2 | +10.0 | 0.006470 |" in out


def test_json_input_object_shape(tmp_path: Path) -> None:
    path = tmp_path / "o.json"
    rows = [
        {"task_id": "a", "baseline": "fail", "challenger": "pass"},
        {"task_id": "b", "baseline": True, "challenger": True},
    ]
    path.write_text(json.dumps({"outcomes": rows}))
    data = json.loads(invoke("gate", "--outcomes", str(path), "--json"))
    assert (data["n"], data["wins"], data["losses"], data["p_value"]) == (2, 1, 0, 0.5)


def test_plan_table_and_json() -> None:
    out = invoke("gate", "plan", "--n", "100", "--baseline-rate", "0.48", "--effect", "0.1")
    assert "exact power" in out and "independence model" in out
    data = json.loads(
        invoke(
            "gate", "plan", "--n", "100", "--baseline-rate", "0.48", "--effect", "0.1",
            "--discordance", "0.14", "--json",
        )
    )  # fmt: skip
    assert data["discordance"] == 0.14 and data["discordance_given"] is True
    assert 0.8 < data["power"] < 0.85
    assert data["mde"] is not None and data["mde"] < 0.1
    unreachable = json.loads(
        invoke("gate", "plan", "--n", "10", "--baseline-rate", "0.9", "--effect", "0.1", "--json")
    )
    assert unreachable["mde"] is None
    assert "not reachable" in invoke(
        "gate", "plan", "--n", "10", "--baseline-rate", "0.9", "--effect", "0.1"
    )


def test_help_documents_the_file_formats() -> None:
    out = invoke("gate", "--help")
    assert "task_id,baseline,challenger" in out and '{"outcomes": [...]}' in out


MALFORMED = [
    ("dup.csv", "task_id,baseline,challenger\na,1,0\na,0,1\n", "line 3: duplicate task_id 'a'"),
    ("bad.csv", "task_id,baseline,challenger\na,1,maybe\n", 'line 2: challenger value "maybe"'),
    ("ragged.csv", "task_id,baseline,challenger\na,1,0\nb,1\n", "line 3: 2 fields"),
    ("missing.csv", "task_id,baseline\na,1\n", "missing column 'challenger'"),
    ("empty.csv", "", "file is empty"),
]


@pytest.mark.parametrize(("name", "text", "needle"), MALFORMED)
def test_malformed_files_exit_2_with_one_line(
    tmp_path: Path, name: str, text: str, needle: str
) -> None:
    path = tmp_path / name
    path.write_text(text)
    result = run_rsi("gate", "--outcomes", str(path))
    assert_one_line_user_error(result, str(path), needle)
    assert result.stdout == ""


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("gate", "--alpha", "1.5", "--outcomes", "x.csv"), "--alpha"),
        (("gate", "--resamples", "10", "--outcomes", "x.csv"), "--resamples"),
        (("gate",), "--outcomes FILE is required"),
        (("gate", "plan", "--n", "0", "--baseline-rate", "0.5", "--effect", "0.1"), "--n"),
        (("gate", "plan", "--n", "9", "--baseline-rate", "0.95", "--effect", "0.1"), "--effect"),
        (
            ("gate", "plan", "--n", "9", "--baseline-rate", "0.5", "--effect", "0.2",
             "--discordance", "0.1"),
            "--discordance",
        ),
        (("gate", "--alpha", "0.1", "plan", "--n", "9", "--baseline-rate", "0.5",
          "--effect", "0.1"), "cannot precede"),
    ],
)  # fmt: skip
def test_invalid_options_exit_2_with_one_line(args: tuple[str, ...], needle: str) -> None:
    assert_one_line_user_error(run_rsi(*args), needle)
