from gaps import merge_with_gap


def test_output_is_sorted():
    out = merge_with_gap([(9, 12), (1, 5), (2, 3)])
    assert out == sorted(out)
