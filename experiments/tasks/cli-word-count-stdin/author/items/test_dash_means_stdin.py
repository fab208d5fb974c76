import io
import sys

import tally


def test_dash_means_stdin(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("x y z\n"))
    assert tally.main(["-w", "-"]) == 0
    assert capsys.readouterr().out == "      3 -\n"
