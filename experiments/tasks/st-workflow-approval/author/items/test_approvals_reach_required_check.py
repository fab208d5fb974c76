from approval import ApprovalRequest


def test_approvals_reach_required_check():
    r = ApprovalRequest("dee", ["ann", "bo"], 2)
    r.submit()
    r.approve("ann")
    assert r.state == "submitted"
    r.approve("bo")
    assert r.state == "approved"
