import pytest

from marker_rle import decode


def test_malformed_samples_fixture(malformed_samples):
    for data in malformed_samples:
        with pytest.raises(ValueError):
            decode(data)
