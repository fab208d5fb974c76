import cfg


def test_unset_removes(tmp_path, capsys):
    path = str(tmp_path / "settings")
    cfg.main(["--file", path, "set", "a.x", "1"])
    assert cfg.main(["--file", path, "unset", "a.x"]) == 0
    assert cfg.main(["--file", path, "get", "a.x"]) == 1
    assert capsys.readouterr().out == ""
