import json

import kv


def test_store_file_is_json(tmp_path):
    store = tmp_path / "store"
    assert kv.main(["--store", str(store), "set", "k", "v"]) == 0
    assert json.loads(store.read_text(encoding="utf-8")) == {"k": "v"}
