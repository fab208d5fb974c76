from approval import ApprovalRequest


def test_approvals_sorted_check():
    r = ApprovalRequest("dee", ["zed", "amy", "kim"], 3)
    r.submit()
    r.approve("zed")
    r.approve("amy")
    assert r.approvals() == ["amy", "zed"]
