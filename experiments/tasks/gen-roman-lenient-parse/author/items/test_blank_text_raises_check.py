import pytest

from lenient import parse_roman


def test_blank_text_raises_check():
    for text in ["", "   ", "\t\n"]:
        with pytest.raises(ValueError):
            parse_roman(text)
