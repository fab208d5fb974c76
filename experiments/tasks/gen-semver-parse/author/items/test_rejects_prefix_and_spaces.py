import pytest

from semver_parse import parse


def test_rejects_prefix_and_spaces():
    for text in ["v1.2.3", " 1.2.3", "1.2.3 "]:
        with pytest.raises(ValueError):
            parse(text)
