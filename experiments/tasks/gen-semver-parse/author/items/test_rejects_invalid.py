import pytest

from semver_parse import parse


def test_rejects_invalid():
    for text in ["1.2", "1.2.3.4", "01.2.3", "1.0.0-", "1.0.0-01"]:
        with pytest.raises(ValueError):
            parse(text)
