from approval import ApprovalRequest


def test_revise_starts_new_round_check():
    r = ApprovalRequest("dee", ["ann", "bo", "cy"], 2)
    r.submit()
    r.approve("ann")
    r.reject("bo", "fix it")
    r.revise()
    r.submit()
    r.approve("cy")
    assert r.state == "submitted"
    assert r.approvals() == ["cy"]
