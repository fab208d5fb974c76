from grouping import group_by


def test_generator_source():
    gen = (n for n in [1, 2, 3, 4, 5])
    assert group_by(gen, lambda n: n % 2) == {1: [1, 3, 5], 0: [2, 4]}
