from gaps import merge_with_gap


def test_generator_input():
    gen = (iv for iv in [(5, 6), (1, 2), (2, 3)])
    assert merge_with_gap(gen) == [(1, 3), (5, 6)]
