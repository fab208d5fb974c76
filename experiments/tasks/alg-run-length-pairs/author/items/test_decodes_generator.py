from rle_pairs import decode


def test_decodes_generator():
    assert decode(p for p in [("x", 3), ("y", 1)]) == "xxxy"
