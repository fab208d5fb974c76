from histogram import histogram


def test_exact_histogram():
    out = histogram([1, 2, 12], [0, 5, 10, 15], width=4)
    assert out == "[0, 5)   | **** 2\n[5, 10)  | 0\n[10, 15] | ** 1"
