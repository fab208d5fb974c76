import pytest

from build_order import MissingDependencyError, build_order


def test_missing_dependency_raises():
    with pytest.raises(MissingDependencyError):
        build_order({"app": ["lib"], "lib": ["ghost"]})
