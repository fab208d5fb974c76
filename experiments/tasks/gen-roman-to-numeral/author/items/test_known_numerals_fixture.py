from numerals import to_roman


def test_known_numerals_fixture(known_numerals):
    for n, text in known_numerals.items():
        assert to_roman(n) == text
