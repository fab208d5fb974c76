import pytest

from uniq import unique


def test_bad_keep_lazy_source():
    with pytest.raises(ValueError):
        unique(iter([1, 1]), keep="both")
