import sys

sys.path.insert(0, "/app")

from dedupe import dedupe  # noqa: E402

def test_first_seen_order():
    assert dedupe([3, 1, 3, 2, 1]) == [3, 1, 2]

def test_strings():
    assert dedupe(["b", "a", "b"]) == ["b", "a"]

def test_input_untouched():
    data = [1, 1, 2]
    dedupe(data)
    assert data == [1, 1, 2]
