from approval import ApprovalRequest


def test_submit_moves():
    request = ApprovalRequest("kim", ["lee", "max"])
    request.submit()
    assert request.state == "submitted"
