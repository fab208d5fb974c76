import io
import sys

import tally


def test_fields_right_aligned_width_7(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("hello world\n"))
    assert tally.main(["-w", "-m"]) == 0
    assert capsys.readouterr().out == "      2      12\n"
