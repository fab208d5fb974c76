from approval import ApprovalRequest


def test_approve_once_suffices():
    r = ApprovalRequest("dee", ["ann", "bo"], 1)
    r.submit()
    r.approve("bo")
    assert r.state == "approved"
