from gaps import merge_with_gap


def test_tuple_input_fixture(sample_intervals):
    assert merge_with_gap(tuple(sample_intervals)) == [(1, 3)]
