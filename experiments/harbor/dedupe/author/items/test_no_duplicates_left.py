from dedupe import dedupe


def test_no_duplicates_left():
    out = dedupe([4, 4, 5])
    assert len(out) == len(set(out))
