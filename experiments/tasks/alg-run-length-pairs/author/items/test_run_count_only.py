from rle_pairs import encode


def test_run_count_only():
    assert len(encode("aab")) == 2
