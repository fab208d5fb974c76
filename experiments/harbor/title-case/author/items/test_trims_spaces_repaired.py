from titles import title_case


def test_trims_spaces():
    assert title_case("  hi  ") == "Hi"
