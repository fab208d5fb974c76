import cfg


def test_value_kept_exactly(tmp_path, capsys):
    path = str(tmp_path / "settings")
    assert cfg.main(["--file", path, "set", "s.k", "  a = b #c "]) == 0
    assert cfg.main(["--file", path, "get", "s.k"]) == 0
    assert capsys.readouterr().out == "  a = b #c \n"
