import pytest

from topk import top_k_frequent


def test_negative_k_message():
    with pytest.raises(ValueError, match="k must be non-negative"):
        top_k_frequent(["a"], -3)
