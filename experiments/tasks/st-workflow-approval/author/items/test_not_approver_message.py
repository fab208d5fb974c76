import pytest

from approval import ApprovalRequest


def test_not_approver_message():
    r = ApprovalRequest("dee", ["ann"])
    r.submit()
    with pytest.raises(PermissionError, match="is not an approver"):
        r.approve("zed")
