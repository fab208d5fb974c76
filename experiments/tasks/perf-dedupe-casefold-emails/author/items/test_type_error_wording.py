import pytest

from emails import dedupe_emails


def test_type_error_wording():
    with pytest.raises(TypeError, match=r"^entry 1 is not a string"):
        dedupe_emails(["a@x.com", 42])
