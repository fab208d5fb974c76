import pytest

from approval import ApprovalRequest


def test_required_bounds_check():
    with pytest.raises(ValueError):
        ApprovalRequest("dee", ["ann", "bo"], 3)
