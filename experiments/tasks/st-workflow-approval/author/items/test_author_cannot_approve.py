import pytest

from approval import ApprovalRequest


def test_author_cannot_approve():
    r = ApprovalRequest("dee", ["dee", "ann"])
    r.submit()
    with pytest.raises(PermissionError):
        r.approve("dee")
    assert r.state == "submitted"
