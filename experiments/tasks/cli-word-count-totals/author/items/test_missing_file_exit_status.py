import os


def test_missing_file_exit_status(tmp_path):
    (tmp_path / "a.txt").write_text("one\n", encoding="utf-8")
    res = run_wordcount(["a.txt", "missing.txt"], cwd=tmp_path)
    assert res.returncode == 1
    assert "missing.txt" in res.stderr
    assert os.path.exists(tmp_path / "a.txt")
