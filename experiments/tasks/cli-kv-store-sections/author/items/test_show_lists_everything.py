import cfg


def test_show_lists_everything(tmp_path, capsys):
    path = str(tmp_path / "settings")
    cfg.main(["--file", path, "set", "a.x", "1"])
    cfg.main(["--file", path, "set", "b.y", "2"])
    cfg.main(["--file", path, "show"])
    lines = capsys.readouterr().out.splitlines()
    for expected in ("[a]", "x = 1", "[b]", "y = 2"):
        assert expected in lines
