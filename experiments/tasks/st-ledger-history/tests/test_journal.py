import pytest

from journal import Journal


def test_post_ids_and_balance():
    j = Journal()
    assert j.post("cash", 100, 1) == 1
    assert j.post("cash", -30, 2, "rent") == 2
    assert j.post("bank", 5, 0) == 3
    assert j.balance("cash") == 70
    assert j.balance("bank") == 5
    assert j.balance("nobody") == 0
    assert j.balance("nobody", 3) == 0


@pytest.mark.parametrize("amount,day", [(0, 1), (1.5, 1), ("3", 1), (5, -1), (5, 1.0), (5, "2")])
def test_bad_posts_record_nothing(amount, day):
    j = Journal()
    with pytest.raises(ValueError):
        j.post("cash", amount, day)
    assert j.accounts() == []
    assert j.post("cash", 1, 0) == 1


def test_balance_as_of_day_is_inclusive():
    j = Journal()
    j.post("cash", 10, 1)
    j.post("cash", 20, 3)
    j.post("cash", 40, 5)
    assert j.balance("cash", 0) == 0
    assert j.balance("cash", 3) == 30
    assert j.balance("cash", 4) == 30
    assert j.balance("cash", 5) == 70


def test_history_orders_by_day_then_id():
    j = Journal()
    j.post("cash", 10, 5)
    j.post("cash", 20, 2)
    j.post("cash", 5, 5)
    j.post("other", 99, 1)
    h = j.history("cash")
    assert [e["id"] for e in h] == [2, 1, 3]
    assert [e["balance"] for e in h] == [20, 30, 35]
    assert h[0]["day"] == 2 and h[0]["amount"] == 20 and h[0]["memo"] == ""


def test_history_window_keeps_running_balance():
    j = Journal()
    j.post("cash", 10, 1)
    j.post("cash", 20, 2)
    j.post("cash", -5, 3, "fee")
    j.post("cash", 7, 4)
    h = j.history("cash", start=2, end=3)
    assert [(e["id"], e["balance"]) for e in h] == [(2, 30), (3, 25)]
    assert h[1]["memo"] == "fee"
    assert [e["id"] for e in j.history("cash", start=3)] == [3, 4]
    assert [e["id"] for e in j.history("cash", end=1)] == [1]
    assert j.history("nobody") == []


def test_accounts_sorted():
    j = Journal()
    j.post("zeta", 1, 0)
    j.post("alpha", 1, 0)
    j.post("mid", 1, 0)
    j.post("alpha", 2, 0)
    assert j.accounts() == ["alpha", "mid", "zeta"]


def test_reverse():
    j = Journal()
    first = j.post("cash", 50, 1, "sale")
    j.post("cash", 10, 2)
    rid = j.reverse(first, 3)
    assert rid == 3
    assert j.balance("cash") == 10
    last = j.history("cash")[-1]
    assert (last["id"], last["amount"], last["day"], last["memo"]) == (3, -50, 3, "reversal of 1")
    with pytest.raises(ValueError):
        j.reverse(first, 4)
    assert j.balance("cash") == 10
    with pytest.raises(KeyError):
        j.reverse(42, 4)


def test_history_dicts_belong_to_caller():
    j = Journal()
    j.post("cash", 10, 1)
    h = j.history("cash")
    h[0]["amount"] = 999
    h[0]["balance"] = 999
    h.append({"id": 7})
    again = j.history("cash")
    assert len(again) == 1
    assert again[0]["amount"] == 10 and again[0]["balance"] == 10
    assert j.balance("cash") == 10
