"""The documentation site (mkdocs.yml, docs/): its generated references are complete, and
the strict build fails on a broken link.

The config check walks the models' own JSON schema, not the generator's walk, so a key the
generator skipped (a new table, an alias) fails it.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from rsi.config import ExperimentConfig

ROOT = Path(__file__).resolve().parents[2]


def _hook() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "docs_reference", ROOT / "docs/hooks/reference.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _table_ref(schema: dict[str, Any]) -> str | None:
    """The `$defs` name a property points at when it is a table (possibly `| None`)."""
    if "$ref" in schema:
        return schema["$ref"].rsplit("/", 1)[-1]
    refs = [s["$ref"] for s in schema.get("anyOf", []) if "$ref" in s]
    return refs[0].rsplit("/", 1)[-1] if len(refs) == 1 else None


def _schema_keys() -> set[tuple[str, str]]:
    """Every (section path, key) of the config, from pydantic's JSON schema."""
    schema = ExperimentConfig.model_json_schema(mode="serialization", by_alias=True)
    defs = schema.get("$defs", {})
    found: set[tuple[str, str]] = set()

    def walk(node: dict[str, Any], path: str) -> None:
        for key, prop in node.get("properties", {}).items():
            ref = _table_ref(prop)
            if ref is not None and defs[ref].get("type") == "object" and "properties" in defs[ref]:
                walk(defs[ref], f"{path}.{key}" if path else key)
            else:
                found.add((path, key))

    walk(schema, "")
    return found


def _sections(page: str) -> dict[str, str]:
    """A generated page's `## `[section]`` headings and the text under each."""
    parts = re.split(r"^## `\[([\w.]+)\]`$", page, flags=re.MULTILINE)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def test_every_config_key_is_in_the_generated_reference() -> None:
    sections = _sections(_hook().config_reference())
    keys = _schema_keys()
    assert {path for path, _ in keys} >= {"experiment", "search", "llm", "runner.latency"}
    missing = [
        f"[{path}] {key}"
        for path, key in sorted(keys)
        if f"| `{key}` |" not in sections.get(path, "")
    ]
    assert missing == []


def test_bounds_and_defaults_come_from_the_models() -> None:
    release = _sections(_hook().config_reference())["release"]
    assert "| `alpha` | float | `0.05` | > 0, < 1 |" in release
    assert "| `resamples` | int | `10000` | >= 100 |" in release


def test_every_command_and_event_type_is_in_the_generated_references() -> None:
    import typer

    from rsi.cli import app
    from rsi.journal.events import EventData

    hook = _hook()
    cli = hook.cli_reference()
    root = typer.main.get_command(app)
    for name in root.commands:  # type: ignore[attr-defined]
        assert f"## `rsi {name}" in cli, name
    assert "`--override-consumed`" in cli  # options too, from the same tree
    events = hook.events_reference()
    from typing import get_args

    for model in get_args(get_args(EventData)[0]):
        assert f"## `{model.model_fields['type'].default}`" in events


@pytest.mark.slow
def test_the_strict_build_fails_on_a_broken_link(tmp_path: Path) -> None:
    mkdocs = Path(sys.executable).parent / "mkdocs"
    if not mkdocs.exists():
        pytest.skip("the docs extra is not installed")
    copy = tmp_path / "repo"
    copy.mkdir()
    for part in ("mkdocs.yml", "docs", "rsi", "evaluators", "search_space"):
        source = ROOT / part
        if source.is_dir():
            shutil.copytree(source, copy / part, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(source, copy / part)

    def build() -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(mkdocs), "build", "--strict", "--site-dir", str(tmp_path / "site")],
            cwd=copy,
            capture_output=True,
            text=True,
            env={"NO_MKDOCS_2_WARNING": "1", "PATH": "/usr/bin:/bin"},
            timeout=600,
        )

    built = build()
    assert built.returncode == 0, built.stderr[-2000:]
    assert (tmp_path / "site/reference/config/index.html").is_file()
    page = copy / "docs/how-to/exit-codes.md"
    page.write_text(page.read_text() + "\nSee [nowhere](no-such-page.md).\n")
    broken = build()
    assert broken.returncode != 0 and "no-such-page.md" in broken.stderr
