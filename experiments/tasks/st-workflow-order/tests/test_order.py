import pytest

from order import InvalidTransition, Order


def paid():
    o = Order("o-1")
    o.pay()
    return o


def shipped():
    o = paid()
    o.ship("TRK1")
    return o


def test_new_order_state():
    o = Order(7)
    assert o.state == "created"
    assert o.tracking is None
    assert o.refund_due is False
    assert o.is_final is False


def test_happy_path():
    o = Order("x")
    o.pay()
    assert o.state == "paid"
    o.ship("T-9")
    assert o.state == "shipped"
    o.deliver()
    assert o.state == "delivered"


@pytest.mark.parametrize("setup,action", [
    (lambda: Order("a"), lambda o: o.ship("T")),
    (lambda: Order("a"), lambda o: o.deliver()),
    (paid, lambda o: o.pay()),
    (paid, lambda o: o.deliver()),
    (shipped, lambda o: o.cancel("late")),
    (shipped, lambda o: o.pay()),
    (shipped, lambda o: o.ship("T2")),
])
def test_refused_transitions_leave_order_unchanged(setup, action):
    o = setup()
    before = (o.state, o.tracking, o.history())
    with pytest.raises(InvalidTransition):
        action(o)
    assert (o.state, o.tracking, o.history()) == before


def test_final_states_refuse_everything():
    o = shipped()
    o.deliver()
    c = Order("c")
    c.cancel("changed mind")
    for order in (o, c):
        for action in (lambda x: x.pay(), lambda x: x.ship("T"), lambda x: x.deliver(),
                       lambda x: x.cancel("again")):
            with pytest.raises(InvalidTransition):
                action(order)


@pytest.mark.parametrize("bad", ["", None, 42])
def test_ship_needs_tracking(bad):
    o = paid()
    with pytest.raises(ValueError):
        o.ship(bad)
    assert o.state == "paid"
    assert o.tracking is None


def test_tracking_stored():
    assert shipped().tracking == "TRK1"


def test_history():
    o = shipped()
    o.deliver()
    h = o.history()
    assert h == [("created", "paid"), ("paid", "shipped"), ("shipped", "delivered")]
    h.clear()
    assert len(o.history()) == 3


def test_cancel_reason_and_refund():
    a = Order("a")
    a.cancel("dup")
    assert a.state == "cancelled"
    assert a.cancel_reason == "dup"
    assert a.refund_due is False
    b = paid()
    b.cancel("oos")
    assert b.refund_due is True
    assert b.cancel_reason == "oos"


def test_is_final():
    o = Order("a")
    flags = [o.is_final]
    o.pay()
    flags.append(o.is_final)
    o.ship("T")
    flags.append(o.is_final)
    o.deliver()
    flags.append(o.is_final)
    assert flags == [False, False, False, True]
    c = paid()
    c.cancel("x")
    assert c.is_final is True


def test_invalid_transition_attributes():
    o = paid()
    with pytest.raises(InvalidTransition) as info:
        o.deliver()
    assert isinstance(info.value, Exception)
    assert info.value.state == "paid"
    assert info.value.action == "deliver"
