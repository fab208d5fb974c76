from approval import ApprovalRequest


def test_submit_moves():
    r = ApprovalRequest("dee", ["ann"])
    r.submit()
    assert r.state == "submitted"
