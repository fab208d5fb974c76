def test_revise_clears_reason():
    r = rejected_request(reason="fix it")
    r.revise()
    assert r.state == "draft"
    assert r.rejection_reason is None
