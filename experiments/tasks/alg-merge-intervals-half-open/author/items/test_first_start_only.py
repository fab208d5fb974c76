from spans import merge_half_open


def test_first_start_only():
    assert merge_half_open([[3, 6], [1, 4]])[0][0] == 1
