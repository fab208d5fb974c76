from uniq import unique


def test_key_calls_in_input_order():
    calls = []
    unique([1, 2, 3, 1], key=lambda v: calls.append(v) or v, keep="last")
    assert calls == [1, 2, 3, 1]
