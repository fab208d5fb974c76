import kvs


def test_delete_with_store_fixture(store_path, capsys):
    kvs.main(["--store", store_path, "set", "a", "1"])
    assert kvs.main(["--store", store_path, "delete", "a"]) == 0
