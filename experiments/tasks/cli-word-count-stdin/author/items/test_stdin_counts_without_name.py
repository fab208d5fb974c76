import io
import sys

import tally


def test_stdin_counts_without_name(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("a b\nc\n"))
    assert tally.main([]) == 0
    assert capsys.readouterr().out == "      2       3       6\n"
