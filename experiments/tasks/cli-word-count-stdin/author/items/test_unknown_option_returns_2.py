import tally


def test_unknown_option_returns_2(capsys):
    assert tally.main(["-x"]) == 2
    assert capsys.readouterr().out == ""
