from titles import title_case


def test_capitalizes_each_word():
    assert title_case("big cat") == "Big Cat"
