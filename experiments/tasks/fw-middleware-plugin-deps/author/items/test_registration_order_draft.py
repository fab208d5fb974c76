from plugins import Registry


def test_registration_order_draft():
    reg = Registry()
    register_all(reg, ["second", "first"])
    assert reg.start() == ["second", "first"]
