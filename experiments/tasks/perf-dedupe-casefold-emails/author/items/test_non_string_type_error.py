import pytest

from emails import dedupe_emails


def test_non_string_type_error():
    with pytest.raises(TypeError) as info:
        dedupe_emails(["a@x.com", 42])
    assert "1" in str(info.value)
