from slug import slugify


def test_joins_words_with_dash():
    assert slugify("Big Red Fox") == "big-red-fox"
