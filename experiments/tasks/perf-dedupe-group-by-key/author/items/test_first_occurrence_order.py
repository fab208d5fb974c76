from grouping import group_by


def test_first_occurrence_order():
    words = ["pear", "apple", "plum", "avocado"]
    assert group_by(words, lambda w: w[0]) == {
        "p": ["pear", "plum"], "a": ["apple", "avocado"],
    }
