from plugins import Registry


def test_registration_order_draft():
    reg = Registry()
    for name in ["second", "first"]:
        reg.register(name, lambda ctx: None)
    assert reg.start() == ["second", "first"]
