import cfg


def test_show_one_section_check(tmp_path, capsys):
    path = str(tmp_path / "settings")
    cfg.main(["--file", path, "set", "db.user", "root"])
    cfg.main(["--file", path, "set", "web.port", "80"])
    capsys.readouterr()
    assert cfg.main(["--file", path, "show", "db"]) == 0
    assert capsys.readouterr().out == "user = root\n"
    assert cfg.main(["--file", path, "show", "mail"]) == 1
