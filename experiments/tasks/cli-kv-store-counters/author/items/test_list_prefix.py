import kvs


def test_list_prefix(tmp_path, capsys):
    store = str(tmp_path / "data")
    for key in ("user.b", "user.a", "xuser.c"):
        kvs.main(["--store", store, "set", key, "1"])
    assert kvs.main(["--store", store, "list", "user."]) == 0
    assert capsys.readouterr().out == "user.a=1\nuser.b=1\n"
