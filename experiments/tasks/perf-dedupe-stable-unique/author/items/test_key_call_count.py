from uniq import unique


def test_key_call_count():
    seen = []
    unique([10, 20, 10, 30], key=lambda v: seen.append(v) or v)
    assert len(seen) == 4
