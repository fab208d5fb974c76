from slug import slugify


def test_trailing_punctuation_stripped():
    assert slugify("Done!") == "done"
