import pytest

from spans import parse_span


def test_column_of_bad_unit():
    with pytest.raises(ValueError) as info:
        parse_span("1h30x")
    assert re.search(r"column 5\b", str(info.value))
