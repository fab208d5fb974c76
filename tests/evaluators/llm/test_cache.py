"""The response cache (atomic, one file per entry) and the read-only replay cassette."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from evaluators.llm import CachedReply, Cassette, LlmUsage, ReplayMiss, ResponseCache, request_key

REQUEST = {
    "model": "openai/local",
    "messages": [{"role": "system", "content": "s"}, {"role": "user", "content": "u"}],
    "output_schema": {"verdict": {"type": "object"}},
    "temperature": 0.0,
    "max_tokens": 100,
}


def test_the_key_is_a_content_hash_of_every_part_of_the_request() -> None:
    key = request_key(**REQUEST)
    assert key == request_key(**dict(reversed(list(REQUEST.items()))))
    changed = [
        {"model": "openai/other"},
        {"messages": [{"role": "user", "content": "u"}]},
        {"output_schema": {"verdict": {"type": "string"}}},
        {"temperature": 0.5},
        {"max_tokens": 101},
        {"namespace": "task-1"},
        {"occurrence": 1},
    ]
    keys = {request_key(**{**REQUEST, **change}) for change in changed}
    assert key not in keys and len(keys) == len(changed)


def _entry(key: str, text: str = "reply", usage: LlmUsage | None = None) -> CachedReply:
    return CachedReply(key=key, model="openai/local", text=text, usage=usage)


def test_put_then_get_round_trips_text_and_usage(tmp_path: Path) -> None:
    cache = ResponseCache(tmp_path / "llm_cache")
    key = request_key(**REQUEST)
    assert cache.get(key) is None
    cache.put(_entry(key, usage=LlmUsage(input_tokens=12, output_tokens=3)))
    assert cache.get(key) == _entry(key, usage=LlmUsage(input_tokens=12, output_tokens=3))
    files = [path for path in (tmp_path / "llm_cache").rglob("*") if path.is_file()]
    assert [path.name for path in files] == [f"{key}.json"]  # no temporary file left


def test_a_write_interrupted_before_the_rename_leaves_no_entry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = ResponseCache(tmp_path / "llm_cache")
    key = request_key(**REQUEST)

    def crash(source: str, target: str) -> None:
        raise OSError("disk gone")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        cache.put(_entry(key))
    monkeypatch.undo()
    assert cache.get(key) is None
    assert [path for path in (tmp_path / "llm_cache").rglob("*") if path.is_file()] == []


def test_a_torn_or_foreign_file_reads_as_absent(tmp_path: Path) -> None:
    cache = ResponseCache(tmp_path / "llm_cache")
    key = request_key(**REQUEST)
    cache.put(_entry(key))
    path = next((tmp_path / "llm_cache").rglob("*.json"))
    path.write_text('{"key": "')
    assert cache.get(key) is None


def test_a_malformed_key_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="sha256"):
        ResponseCache(tmp_path).get("../../etc/passwd")


def test_an_exported_cassette_replays_and_a_miss_raises(tmp_path: Path) -> None:
    cache = ResponseCache(tmp_path / "llm_cache")
    keys = [request_key(**{**REQUEST, "occurrence": n}) for n in range(3)]
    for number, key in enumerate(keys):
        cache.put(_entry(key, text=f"reply {number}"))
    assert cache.export(tmp_path / "run.jsonl") == 3
    for source in (tmp_path / "run.jsonl", tmp_path / "llm_cache"):
        cassette = Cassette(source)
        assert [cassette.get(key).text for key in keys] == ["reply 0", "reply 1", "reply 2"]
        with pytest.raises(ReplayMiss, match="holds no reply"):
            cassette.get(request_key(**{**REQUEST, "occurrence": 3}))


def test_a_cassette_must_exist_and_hold_entries(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        Cassette(tmp_path / "absent.jsonl")
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"not": "an entry"}\n')
    with pytest.raises(ValueError, match="line 1"):
        Cassette(bad)
