import pytest

from approval import ApprovalRequest, InvalidState


def test_approve_in_draft_refused():
    r = ApprovalRequest("dee", ["ann"])
    with pytest.raises(InvalidState):
        r.approve("ann")
    assert r.state == "draft"
