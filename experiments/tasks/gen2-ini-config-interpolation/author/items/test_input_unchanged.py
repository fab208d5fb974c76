from interp import resolve


def test_input_unchanged():
    config = {"s": {"a": "${b}", "b": "1"}}
    resolve(config)
    assert config == {"s": {"a": "${b}", "b": "1"}}
