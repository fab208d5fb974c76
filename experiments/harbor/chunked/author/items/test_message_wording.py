from chunks import chunked


def test_message_wording():
    import pytest
    with pytest.raises(ValueError, match="positive"):
        chunked([1], 0)
