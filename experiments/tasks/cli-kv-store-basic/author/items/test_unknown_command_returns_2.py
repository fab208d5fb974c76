import kv


def test_unknown_command_returns_2(tmp_path):
    assert kv.main(["--store", str(tmp_path / "s"), "put", "k", "v"]) == 2
