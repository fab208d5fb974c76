from plugins import Registry


def test_factory_receives_ctx():
    seen = []
    reg = Registry()
    reg.register("a", seen.append)
    reg.start({"env": "test"})
    assert seen == [{"env": "test"}]
