import pytest

from hooks import Pipeline


class P:
    pass


def test_duplicate_add_rejected():
    p = Pipeline(lambda c: None)
    plugin = P()
    p.add(plugin)
    with pytest.raises(ValueError):
        p.add(plugin)
