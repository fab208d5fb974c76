import cfg


def test_bad_name_returns_2(tmp_path):
    assert cfg.main(["--file", str(tmp_path / "s"), "set", "a.b.c", "v"]) == 2
