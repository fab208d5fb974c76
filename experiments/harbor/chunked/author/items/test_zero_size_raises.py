from chunks import chunked


def test_zero_size_raises():
    import pytest
    with pytest.raises(ValueError):
        chunked([1, 2], 0)
