import pytest

from plugins import DependencyCycle, MissingDependency, Registry


class Thing:
    def __init__(self, name, log):
        self.name, self.log = name, log

    def close(self):
        self.log.append(("close", self.name))


def factory(name, log):
    def make(ctx):
        log.append(("start", name, ctx))
        return Thing(name, log)

    return make


def test_register_calls_nothing_and_rejects_duplicates():
    log = []
    reg = Registry()
    reg.register("db", factory("db", log))
    with pytest.raises(ValueError):
        reg.register("db", factory("other", log))
    assert log == []
    reg.start()
    assert log == [("start", "db", None)]


def test_start_respects_requirements_and_passes_ctx():
    log = []
    reg = Registry()
    reg.register("web", factory("web", log), requires=["cache", "db"])
    reg.register("cache", factory("cache", log), requires=["db"])
    reg.register("db", factory("db", log))
    order = reg.start(ctx="CTX")
    assert order == ["db", "cache", "web"]
    assert [e[1] for e in log] == order
    assert all(e[2] == "CTX" for e in log)
    assert reg.get("web").name == "web"


def test_ready_plugins_start_in_registration_order():
    reg = Registry()
    log = []
    for name in ("zeta", "alpha", "mid"):
        reg.register(name, factory(name, log))
    assert reg.start() == ["zeta", "alpha", "mid"]


def test_earliest_registered_ready_plugin_first():
    reg = Registry()
    log = []
    reg.register("b", factory("b", log), requires=["d"])
    reg.register("z", factory("z", log))
    reg.register("d", factory("d", log))
    reg.register("a", factory("a", log), requires=["z"])
    assert reg.start() == ["z", "d", "b", "a"]


def test_missing_dependency():
    log = []
    reg = Registry()
    reg.register("a", factory("a", log))
    reg.register("b", factory("b", log), requires=["a", "ghost"])
    with pytest.raises(MissingDependency) as info:
        reg.start()
    assert info.value.name == "ghost"
    assert log == []


@pytest.mark.parametrize("edges,members", [
    ({"a": ["b"], "b": ["c"], "c": ["a"]}, {"a", "b", "c"}),
    ({"x": ["x"]}, {"x"}),
    ({"top": ["p"], "p": ["q"], "q": ["p"], "free": []}, {"p", "q"}),
    ({"p": ["q"], "q": ["r"], "r": ["q"], "s": ["p"]}, {"q", "r"}),
])
def test_dependency_cycle(edges, members):
    log = []
    reg = Registry()
    for name, requires in edges.items():
        reg.register(name, factory(name, log), requires=requires)
    with pytest.raises(DependencyCycle) as info:
        reg.start()
    cycle = list(info.value.cycle)
    assert sorted(cycle) == sorted(members)
    assert log == []


def test_stop_closes_in_reverse_start_order():
    log = []
    reg = Registry()
    reg.register("app", factory("app", log), requires=["db"])
    reg.register("db", factory("db", log))
    reg.register("plain", lambda ctx: object())
    reg.start()
    log.clear()
    reg.stop()
    assert log == [("close", "app"), ("close", "db")]


def test_factory_failure_closes_started_plugins():
    log = []
    reg = Registry()
    reg.register("db", factory("db", log))
    reg.register("cache", factory("cache", log))

    def broken(ctx):
        raise ConnectionError("down")

    reg.register("web", broken, requires=["db"])
    with pytest.raises(ConnectionError):
        reg.start()
    assert log == [("start", "db", None), ("start", "cache", None),
                   ("close", "cache"), ("close", "db")]


def test_start_twice_and_restart():
    log = []
    reg = Registry()
    reg.register("db", factory("db", log))
    reg.start()
    with pytest.raises(RuntimeError):
        reg.start()
    assert log == [("start", "db", None)]
    reg.stop()
    assert reg.start() == ["db"]
    assert log == [("start", "db", None), ("close", "db"), ("start", "db", None)]
