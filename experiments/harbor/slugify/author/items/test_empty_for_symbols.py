from slug import slugify


def test_empty_for_symbols():
    assert slugify(SYMBOLS) == ""
