from interp import resolve


def test_nested_references():
    config = {"s": {"a": "${b}/a", "b": "${c}/b", "c": "c"}}
    assert resolve(config)["s"]["a"] == "c/b/a"
