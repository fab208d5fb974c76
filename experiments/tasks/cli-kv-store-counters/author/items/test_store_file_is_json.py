import json

import kvs


def test_store_file_is_json(tmp_path):
    store = tmp_path / "data"
    assert kvs.main(["--store", str(store), "set", "a", "1"]) == 0
    assert json.loads(store.read_text(encoding="utf-8")) == {"a": "1"}
