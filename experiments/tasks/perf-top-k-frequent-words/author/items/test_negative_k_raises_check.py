import pytest

from topk import top_k_frequent


def test_negative_k_raises_check():
    with pytest.raises(ValueError):
        top_k_frequent(["a", "b"], -1)
