from histogram import histogram


def test_values_from_fixture(sample_values):
    assert histogram(sample_values, [0, 5, 10]).count("\n") == 1
