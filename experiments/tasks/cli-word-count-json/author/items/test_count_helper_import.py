from countjson import count_text


def test_count_helper_import():
    assert count_text("one two\nthree\n") == (2, 3, 14)
