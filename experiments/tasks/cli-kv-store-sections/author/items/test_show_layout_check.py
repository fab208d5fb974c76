import cfg


def test_show_layout_check(tmp_path, capsys):
    path = str(tmp_path / "settings")
    for name, value in [("web.port", "80"), ("db.user", "root"), ("db.host", "h")]:
        cfg.main(["--file", path, "set", name, value])
    assert cfg.main(["--file", path, "show"]) == 0
    assert capsys.readouterr().out == "[db]\nhost = h\nuser = root\n\n[web]\nport = 80\n"
