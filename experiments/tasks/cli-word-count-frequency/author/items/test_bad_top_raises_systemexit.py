import pytest

import wordfreq


def test_bad_top_raises_systemexit(tmp_path):
    path = tmp_path / "a.txt"
    path.write_text("x\n", encoding="utf-8")
    with pytest.raises(SystemExit) as info:
        wordfreq.main(["--top", "0", str(path)])
    assert info.value.code == 2
