import pytest

from approval import ApprovalRequest


def test_outsider_cannot_reject():
    r = ApprovalRequest("dee", ["ann"])
    r.submit()
    with pytest.raises(PermissionError):
        r.reject("zed", "no")
    assert r.state == "submitted"
