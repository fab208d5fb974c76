import json

import kvfmt


def test_json_dump_parses(tmp_path, capsys):
    store = str(tmp_path / "store")
    kvfmt.main(["--store", store, "set", "a", "1\n2"])
    kvfmt.main(["--store", store, "set", "b", "x"])
    assert kvfmt.main(["--store", store, "dump", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"a": "1\n2", "b": "x"}
