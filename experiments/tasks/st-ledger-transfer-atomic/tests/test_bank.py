import pytest

from bank import Bank, InsufficientFunds


def bank(**balances):
    b = Bank()
    for name, amount in balances.items():
        b.open(name, amount)
    return b


def test_open_and_balance():
    b = Bank()
    b.open("a")
    b.open("b", 50)
    assert b.balance("a") == 0
    assert b.balance("b") == 50
    with pytest.raises(ValueError):
        b.open("a", 10)
    assert b.balance("a") == 0
    for bad in (-1, 2.5, "3"):
        with pytest.raises(ValueError):
            b.open("c", bad)


def test_unknown_accounts():
    b = bank(a=10)
    for call in (lambda: b.balance("x"), lambda: b.transfer("a", "x", 1),
                 lambda: b.transfer("x", "a", 1), lambda: b.statement("x")):
        with pytest.raises(KeyError):
            call()
    assert b.balance("a") == 10


def test_transfer_moves_money_and_returns_consecutive_ids():
    b = bank(a=100, b=0)
    assert b.transfer("a", "b", 30) == 1
    assert b.transfer("b", "a", 10) == 2
    assert b.balance("a") == 80 and b.balance("b") == 20


def test_transfer_argument_errors():
    b = bank(a=100, b=0)
    for bad in (0, -5, 1.5, "5"):
        with pytest.raises(ValueError):
            b.transfer("a", "b", bad)
    with pytest.raises(ValueError):
        b.transfer("a", "a", 5)
    assert b.balance("a") == 100
    assert b.statement("a") == []


def test_failed_transfer_changes_nothing():
    b = bank(a=10, b=5)
    with pytest.raises(InsufficientFunds):
        b.transfer("a", "b", 11)
    assert (b.balance("a"), b.balance("b")) == (10, 5)
    assert b.statement("a") == [] and b.statement("b") == []
    assert b.transfer("a", "b", 10) == 1


def test_failed_transfer_uses_no_id():
    b = bank(a=10, b=0)
    assert b.transfer("a", "b", 4) == 1
    with pytest.raises(InsufficientFunds):
        b.transfer("a", "b", 7)
    assert b.transfer("a", "b", 6) == 2
    assert [tx for tx, _ in b.statement("b")] == [1, 2]


def test_revert():
    b = bank(a=10, b=0)
    tx = b.transfer("a", "b", 7)
    b.revert(tx)
    assert (b.balance("a"), b.balance("b")) == (10, 0)
    with pytest.raises(ValueError):
        b.revert(tx)
    assert (b.balance("a"), b.balance("b")) == (10, 0)
    with pytest.raises(KeyError):
        b.revert(99)


def test_revert_needs_funds_at_destination():
    b = bank(a=10, b=0, c=0)
    tx = b.transfer("a", "b", 8)
    b.transfer("b", "c", 5)
    with pytest.raises(InsufficientFunds):
        b.revert(tx)
    assert (b.balance("a"), b.balance("b"), b.balance("c")) == (2, 3, 5)
    b.transfer("c", "b", 5)
    b.revert(tx)
    assert (b.balance("a"), b.balance("b")) == (10, 0)


def test_statement_entries():
    b = bank(a=10, b=0)
    t1 = b.transfer("a", "b", 6)
    t2 = b.transfer("a", "b", 1)
    b.revert(t1)
    assert b.statement("a") == [(t1, -6), (t2, -1), (t1, 6)]
    assert b.statement("b") == [(t1, 6), (t2, 1), (t1, -6)]
    assert (b.balance("a"), b.balance("b")) == (9, 1)


def test_statement_is_a_copy():
    b = bank(a=10, b=0)
    b.transfer("a", "b", 1)
    s = b.statement("a")
    s.clear()
    assert b.statement("a") == [(1, -1)]


def test_total_is_conserved():
    b = bank(a=10, b=20, c=30)
    txs = [b.transfer("a", "b", 5), b.transfer("b", "c", 20), b.transfer("c", "a", 1)]
    b.revert(txs[1])
    assert b.total() == 60
