from clamp import clamp


def test_error_message_wording():
    import pytest
    with pytest.raises(ValueError, match="empty range"):
        clamp(0, 3, 1)
