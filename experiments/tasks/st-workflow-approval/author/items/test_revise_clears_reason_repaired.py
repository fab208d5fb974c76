from approval import ApprovalRequest


def test_revise_clears_reason():
    r = ApprovalRequest("dee", ["ann"])
    r.submit()
    r.reject("ann", "fix it")
    r.revise()
    assert r.state == "draft"
    assert r.rejection_reason is None
