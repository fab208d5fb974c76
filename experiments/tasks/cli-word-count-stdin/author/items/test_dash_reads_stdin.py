import tally


def test_dash_reads_stdin(fake_stdin, capsys):
    fake_stdin("x y z\n")
    assert tally.main(["-w", "-"]) == 0
    assert capsys.readouterr().out == "      3 -\n"
