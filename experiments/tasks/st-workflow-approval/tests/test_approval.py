import pytest

from approval import ApprovalRequest, InvalidState


def submitted(required=2, approvers=("ann", "bo", "cy"), author="dee"):
    r = ApprovalRequest(author, approvers, required)
    r.submit()
    return r


def test_new_request_and_edit():
    r = ApprovalRequest("dee", ["ann"])
    assert r.state == "draft"
    assert r.text == ""
    r.edit("please buy a chair")
    assert r.text == "please buy a chair"


@pytest.mark.parametrize("required", [0, 4, -1, 1.0, "2"])
def test_required_bounds(required):
    with pytest.raises(ValueError):
        ApprovalRequest("dee", ["ann", "bo", "cy", "ann"], required)


def test_required_counts_distinct_approvers():
    r = ApprovalRequest("dee", iter(["ann", "bo", "ann"]), 2)
    assert r.required == 2
    with pytest.raises(ValueError):
        ApprovalRequest("dee", ["ann", "ann"], 2)


def test_submit():
    r = ApprovalRequest("dee", ["ann"])
    r.submit()
    assert r.state == "submitted"


def test_approvals_reach_required():
    r = submitted(required=2)
    r.approve("ann")
    assert r.state == "submitted"
    r.approve("bo")
    assert r.state == "approved"


def test_repeat_approval_counts_once():
    r = submitted(required=2)
    r.approve("ann")
    r.approve("ann")
    assert r.state == "submitted"
    assert r.approvals() == ["ann"]


def test_non_approver_cannot_approve():
    r = submitted(required=1)
    with pytest.raises(PermissionError):
        r.approve("mallory")
    assert r.state == "submitted"
    assert r.approvals() == []


def test_reject():
    r = submitted()
    r.approve("ann")
    r.reject("bo", "too expensive")
    assert r.state == "rejected"
    assert r.rejection_reason == "too expensive"


def test_non_approver_cannot_reject():
    r = submitted()
    with pytest.raises(PermissionError):
        r.reject("mallory", "no")
    assert r.state == "submitted"
    assert r.rejection_reason is None


def test_revise_starts_new_round():
    r = submitted(required=2)
    r.approve("ann")
    r.reject("bo", "missing quote")
    r.revise()
    assert r.state == "draft"
    assert r.rejection_reason is None
    assert r.approvals() == []
    r.edit("with quote")
    r.submit()
    r.approve("cy")
    assert r.state == "submitted"
    r.approve("ann")
    assert r.state == "approved"


def test_author_cannot_self_approve():
    r = submitted(required=1, approvers=("ann", "dee"), author="dee")
    with pytest.raises(PermissionError):
        r.approve("dee")
    assert r.state == "submitted"
    assert r.approvals() == []
    r.approve("ann")
    assert r.state == "approved"


def test_approvals_sorted():
    r = submitted(required=3, approvers=("zed", "amy", "kim"))
    r.approve("zed")
    r.approve("amy")
    assert r.approvals() == ["amy", "zed"]


@pytest.mark.parametrize("setup,action", [
    (lambda: ApprovalRequest("d", ["a"]), lambda r: r.approve("a")),
    (lambda: ApprovalRequest("d", ["a"]), lambda r: r.reject("a", "x")),
    (lambda: ApprovalRequest("d", ["a"]), lambda r: r.revise()),
    (lambda: submitted(), lambda r: r.edit("new")),
    (lambda: submitted(), lambda r: r.submit()),
    (lambda: submitted(), lambda r: r.revise()),
])
def test_invalid_state(setup, action):
    r = setup()
    before = (r.state, r.text, r.approvals(), r.rejection_reason)
    with pytest.raises(InvalidState):
        action(r)
    assert (r.state, r.text, r.approvals(), r.rejection_reason) == before


def test_approved_request_is_closed():
    r = submitted(required=1)
    r.approve("ann")
    for action in (lambda: r.approve("bo"), lambda: r.reject("bo", "x"), r.revise, r.submit):
        with pytest.raises(InvalidState):
            action()
    assert r.state == "approved"
