import kvs


def test_incr_missing_and_negative(tmp_path, capsys):
    store = str(tmp_path / "data")
    assert kvs.main(["--store", store, "incr", "n"]) == 0
    assert kvs.main(["--store", store, "incr", "n", "-3"]) == 0
    assert capsys.readouterr().out == "1\n-2\n"
