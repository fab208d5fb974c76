from dedupe import dedupe


def test_input_unchanged():
    data = [5, 5, 6]
    dedupe(data)
    assert data == [5, 5, 6]
