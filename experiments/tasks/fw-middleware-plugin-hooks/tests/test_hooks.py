import pytest

from hooks import Pipeline


class Recorder:
    def __init__(self, name, log, stop=None, replace=None, fail=False):
        self.name, self.log = name, log
        self.stop, self.replace, self.fail = stop, replace, fail

    def before(self, ctx):
        self.log.append(("before", self.name))
        if self.fail:
            raise ValueError(self.name)
        return self.stop

    def after(self, ctx, result):
        self.log.append(("after", self.name, result))
        return self.replace

    def on_error(self, ctx, exc):
        self.log.append(("error", self.name, str(exc)))


def handler_for(log, value="H"):
    def handler(ctx):
        log.append(("handler",))
        return value

    return handler


def test_order_of_hooks():
    log = []
    p = Pipeline(handler_for(log))
    for name in "abc":
        p.add(Recorder(name, log))
    assert p.run({}) == "H"
    assert log == [("before", "a"), ("before", "b"), ("before", "c"), ("handler",),
                   ("after", "c", "H"), ("after", "b", "H"), ("after", "a", "H")]


def test_hooks_are_optional():
    class OnlyAfter:
        def after(self, ctx, result):
            return result + "!"

    class Nothing:
        pass

    p = Pipeline(lambda ctx: "ok")
    p.add(Nothing())
    p.add(OnlyAfter())
    assert p.run(None) == "ok!"


def test_after_replaces_result():
    log = []
    p = Pipeline(handler_for(log, 1))
    p.add(Recorder("outer", log))
    p.add(Recorder("mid", log, replace=2))
    p.add(Recorder("inner", log))
    assert p.run({}) == 2
    assert ("after", "inner", 1) in log
    assert ("after", "outer", 2) in log


@pytest.mark.parametrize("stop", ["cached", 0, "", False, []])
def test_short_circuit(stop):
    log = []
    p = Pipeline(handler_for(log))
    p.add(Recorder("a", log))
    p.add(Recorder("b", log, stop=stop))
    result = p.run({})
    assert result == stop and type(result) is type(stop)
    assert ("handler",) not in log


def test_after_hooks_only_for_reached_plugins():
    log = []
    p = Pipeline(handler_for(log))
    p.add(Recorder("a", log))
    p.add(Recorder("b", log, stop="S"))
    p.add(Recorder("c", log))
    assert p.run({}) == "S"
    assert log == [("before", "a"), ("before", "b"), ("after", "b", "S"), ("after", "a", "S")]


def test_short_circuit_value_can_be_replaced_by_after():
    log = []
    p = Pipeline(handler_for(log))
    p.add(Recorder("a", log, replace="wrapped"))
    p.add(Recorder("b", log, stop="S"))
    assert p.run({}) == "wrapped"


def test_before_error_runs_on_error_of_reached_plugins():
    log = []
    p = Pipeline(handler_for(log))
    p.add(Recorder("a", log))
    p.add(Recorder("b", log, fail=True))
    p.add(Recorder("c", log))
    with pytest.raises(ValueError):
        p.run({})
    assert log == [("before", "a"), ("before", "b"), ("error", "b", "b"), ("error", "a", "b")]


def test_handler_error():
    log = []

    def handler(ctx):
        raise KeyError("h")

    p = Pipeline(handler)
    p.add(Recorder("a", log))
    p.add(Recorder("b", log))
    with pytest.raises(KeyError):
        p.run({})
    assert [e[:2] for e in log] == [("before", "a"), ("before", "b"), ("error", "b"),
                                     ("error", "a")]


def test_same_ctx_everywhere():
    seen = []

    class Marker:
        def before(self, ctx):
            seen.append(ctx)
            ctx["marked"] = True

        def after(self, ctx, result):
            seen.append(ctx)

    def handler(ctx):
        seen.append(ctx)
        return ctx.get("marked")

    ctx = {}
    p = Pipeline(handler)
    p.add(Marker())
    assert p.run(ctx) is True
    assert len(seen) == 3 and all(s is ctx for s in seen)


def test_add_and_remove():
    log = []
    p = Pipeline(handler_for(log))
    a = Recorder("a", log)
    b = Recorder("b", log)
    p.add(a)
    p.add(b)
    with pytest.raises(ValueError):
        p.add(a)
    p.remove(a)
    with pytest.raises(ValueError):
        p.remove(a)
    p.run({})
    assert [e[1] for e in log if e[0] == "before"] == ["b"]
    p.add(a)
    log.clear()
    p.run({})
    assert [e[1] for e in log if e[0] == "before"] == ["b", "a"]
