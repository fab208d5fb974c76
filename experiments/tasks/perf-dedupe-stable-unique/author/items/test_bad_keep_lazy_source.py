import pytest

from uniq import unique


def test_bad_keep_lazy_source(lazy_source):
    with pytest.raises(ValueError):
        unique(lazy_source, keep="both")
