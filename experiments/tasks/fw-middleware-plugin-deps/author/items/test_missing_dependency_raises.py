import pytest

from plugins import MissingDependency, Registry


def test_missing_dependency_raises():
    reg = Registry()
    reg.register("a", lambda ctx: None, requires=["nope"])
    with pytest.raises(MissingDependency):
        reg.start()
