from approval import ApprovalRequest


def test_duplicate_approval_ignored():
    r = ApprovalRequest("dee", ["ann", "bo"], 2)
    r.submit()
    r.approve("ann")
    r.approve("ann")
    assert r.state == "submitted"
