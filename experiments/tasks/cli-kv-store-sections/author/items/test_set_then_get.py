import cfg


def test_set_then_get(tmp_path, capsys):
    path = str(tmp_path / "settings")
    assert cfg.main(["--file", path, "set", "db.host", "localhost"]) == 0
    assert cfg.main(["--file", path, "get", "db.host"]) == 0
    assert capsys.readouterr().out == "localhost\n"
