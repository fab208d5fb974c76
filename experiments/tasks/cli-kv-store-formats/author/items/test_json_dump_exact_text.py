import kvfmt


def test_json_dump_exact_text(tmp_path, capsys):
    store = str(tmp_path / "store")
    kvfmt.main(["--store", store, "set", "a", "1"])
    kvfmt.main(["--store", store, "set", "b", "2"])
    assert kvfmt.main(["--store", store, "dump", "--format", "json"]) == 0
    assert capsys.readouterr().out == '{"a": "1", "b": "2"}\n'
