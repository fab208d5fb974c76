from spans import merge_half_open


def test_outputs_lists():
    out = merge_half_open([(4, 5), (1, 2)])
    assert out == [[1, 2], [4, 5]]
    assert all(type(iv) is list for iv in out)
