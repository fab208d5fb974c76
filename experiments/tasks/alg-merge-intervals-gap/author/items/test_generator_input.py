from gaps import merge_with_gap


def pairs():
    yield (10, 12)
    yield (0, 4)
    yield (4, 6)


def test_generator_input():
    assert merge_with_gap(pairs()) == [(0, 6), (10, 12)]
