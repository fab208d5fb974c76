from titles import title_case


def test_lowercases_rest():
    assert title_case("dog")[0] == "D"
