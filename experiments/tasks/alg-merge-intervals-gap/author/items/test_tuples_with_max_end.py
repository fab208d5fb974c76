from gaps import merge_with_gap


def test_tuples_with_max_end():
    out = merge_with_gap([[1, 9], [2, 4]])
    assert out == [(1, 9)]
    assert type(out[0]) is tuple
