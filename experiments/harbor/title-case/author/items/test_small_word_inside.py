from titles import title_case


def test_small_word_inside():
    assert title_case("war and the peace") == "War And the Peace"
