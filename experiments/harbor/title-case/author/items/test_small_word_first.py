from titles import title_case


def test_small_word_first():
    assert title_case("a day") == "A Day"
