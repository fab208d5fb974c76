from approval import ApprovalRequest


def test_starts_draft():
    r = ApprovalRequest("dee", ["ann"])
    assert r.state == "draft"
    assert r.text == ""
