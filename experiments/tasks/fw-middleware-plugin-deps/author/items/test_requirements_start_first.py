from plugins import Registry


def test_requirements_start_first():
    reg = Registry()
    reg.register("web", lambda ctx: "web", requires=["db"])
    reg.register("db", lambda ctx: "db")
    order = reg.start()
    assert order.index("db") < order.index("web")
    assert reg.get("web") == "web"
