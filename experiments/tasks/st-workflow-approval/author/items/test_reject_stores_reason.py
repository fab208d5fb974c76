from approval import ApprovalRequest


def test_reject_stores_reason():
    r = ApprovalRequest("dee", ["ann"])
    r.submit()
    r.reject("ann", "no budget")
    assert r.state == "rejected"
    assert r.rejection_reason == "no budget"
