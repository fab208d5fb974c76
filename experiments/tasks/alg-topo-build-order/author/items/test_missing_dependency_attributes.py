import pytest

from build_order import MissingDependencyError, build_order


def test_missing_dependency_attributes():
    with pytest.raises(MissingDependencyError) as info:
        build_order({"app": ["lib"], "lib": ["ghost"]})
    assert (info.value.package, info.value.dependency) == ("lib", "ghost")
