import re

import pytest

from spans import parse_span


def test_column_past_end():
    with pytest.raises(ValueError) as info:
        parse_span("10")
    assert re.search(r"column 3\b", str(info.value))
