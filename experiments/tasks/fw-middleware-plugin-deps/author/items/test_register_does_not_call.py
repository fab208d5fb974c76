from plugins import Registry


def test_register_does_not_call():
    calls = []
    reg = Registry()
    reg.register("a", lambda ctx: calls.append("a"))
    assert calls == []
