from numerals import to_roman


def test_no_symbol_four_times():
    for n in range(1, 4000):
        text = to_roman(n)
        for symbol in "IVXLCDM":
            assert symbol * 4 not in text, (n, text)
