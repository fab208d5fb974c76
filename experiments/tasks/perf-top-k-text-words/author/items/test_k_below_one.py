import pytest

from wordfreq import most_common_words


def test_k_below_one():
    with pytest.raises(ValueError):
        most_common_words("a b", 0)
