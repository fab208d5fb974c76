"""Once: a keyed answer is paid for once, however many threads ask; failures are not kept.
And what makes two suites or submissions the same key: their content, wherever they are."""

from __future__ import annotations

import os
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from evaluators.judging.once import Once, directory_digest


def test_askers_in_flight_wait_for_the_first_run_and_later_askers_get_it_at_once() -> None:
    once: Once[int] = Once()
    started, release = threading.Event(), threading.Event()
    runs: list[str] = []

    def slow() -> int:
        runs.append("slow")
        started.set()
        release.wait(timeout=30)
        return 7

    with ThreadPoolExecutor(max_workers=4) as pool:
        first = pool.submit(once.get, "k", slow)
        assert started.wait(timeout=30)
        waiting = [pool.submit(once.get, "k", lambda: runs.append("again") or 0) for _ in range(3)]
        release.set()
        answers = [first.result(), *(future.result() for future in waiting)]
    assert runs == ["slow"]
    assert answers == [(7, False), (7, True), (7, True), (7, True)]
    assert once.get("k", lambda: 0) == (7, True) and once.remembered == 4
    assert once.get("other", lambda: 3) == (3, False)


def test_a_run_that_raised_is_run_again_by_the_next_asker() -> None:
    once: Once[int] = Once()

    def broken() -> int:
        raise OSError("sandbox gone")

    with pytest.raises(OSError, match="sandbox gone"):
        once.get("k", broken)
    assert once.get("k", lambda: 5) == (5, False)
    assert once.remembered == 0


def test_an_answer_the_caller_does_not_keep_is_run_again() -> None:
    once: Once[int] = Once(keep=lambda answer: answer >= 0)
    assert once.get("k", lambda: -1) == (-1, False)
    assert once.get("k", lambda: 2) == (2, False)
    assert once.get("k", lambda: 9) == (2, True)


def _submission(root: Path) -> Path:
    (root / "lib").mkdir(parents=True)
    (root / "run.sh").write_text("exec python3 -m pytest\n")
    (root / "lib" / "test_a.py").write_text("def test_a():\n    assert True\n")
    return root


def test_the_same_files_elsewhere_are_the_same_submission(tmp_path: Path) -> None:
    assert directory_digest(_submission(tmp_path / "a")) == directory_digest(
        _submission(tmp_path / "b")
    )


def test_a_byte_a_name_an_executable_bit_or_a_link_target_makes_another_submission(
    tmp_path: Path,
) -> None:
    first = directory_digest(_submission(tmp_path / "base"))
    changed = []
    edited = _submission(tmp_path / "byte")
    (edited / "lib" / "test_a.py").write_text("def test_a():\n    assert False\n")
    changed.append(edited)
    renamed = _submission(tmp_path / "name")
    (renamed / "lib" / "test_a.py").rename(renamed / "lib" / "test_b.py")
    changed.append(renamed)
    executable = _submission(tmp_path / "mode")
    os.chmod(executable / "run.sh", 0o755)
    changed.append(executable)
    linked = _submission(tmp_path / "link")
    (linked / "data").symlink_to("run.sh")
    relinked = _submission(tmp_path / "relink")
    (relinked / "data").symlink_to("lib")
    changed.extend([linked, relinked])
    digests = [directory_digest(path) for path in changed]
    assert first not in digests and len(set(digests)) == len(digests)
