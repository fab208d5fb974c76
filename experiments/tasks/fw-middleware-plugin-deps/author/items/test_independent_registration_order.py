from plugins import Registry


def test_independent_registration_order():
    reg = Registry()
    reg.register("metrics", lambda ctx: None)
    reg.register("auth", lambda ctx: None)
    reg.register("logging", lambda ctx: None)
    assert reg.start() == ["metrics", "auth", "logging"]
