import pytest

from pipeline import Pipeline


def tagger(log, name):
    def middleware(request, next_):
        log.append(f"{name} in")
        response = next_(request + [name])
        log.append(f"{name} out")
        return response + [name]

    return middleware


def test_use_chains_and_run_returns_response():
    p = Pipeline(lambda req: ["handler"] + req)
    assert p.use(lambda req, nxt: nxt()) is p
    assert p.run(["r"]) == ["handler", "r"]


def test_onion_order():
    log = []

    def handler(request):
        log.append("handler")
        return list(request)

    p = Pipeline(handler)
    p.use(tagger(log, "a")).use(tagger(log, "b")).use(tagger(log, "c"))
    assert p.run([]) == ["a", "b", "c", "c", "b", "a"]
    assert log == ["a in", "b in", "c in", "handler", "c out", "b out", "a out"]


def test_short_circuit():
    log = []

    def handler(request):
        log.append("handler")
        return "from handler"

    def gate(request, next_):
        log.append("gate")
        return "denied"

    p = Pipeline(handler)
    p.use(lambda req, nxt: "outer saw " + nxt()).use(gate).use(tagger(log, "never"))
    assert p.run("req") == "outer saw denied"
    assert log == ["gate"]


def test_next_with_and_without_request():
    seen = []
    p = Pipeline(lambda req: seen.append(req) or "done")
    p.use(lambda req, nxt: nxt())
    p.use(lambda req, nxt: nxt(req.upper()))
    p.use(lambda req, nxt: nxt())
    assert p.run("abc") == "done"
    assert seen == ["ABC"]


def test_next_returns_inner_response():
    p = Pipeline(lambda req: req * 2)
    p.use(lambda req, nxt: nxt(req + 1) + 100)
    assert p.run(1) == 104


def test_next_twice_raises():
    calls = []
    p = Pipeline(lambda req: calls.append(req))

    def greedy(request, next_):
        next_()
        next_()

    p.use(greedy)
    with pytest.raises(RuntimeError):
        p.run("x")
    assert calls == ["x"]


def test_next_is_fresh_per_run():
    p = Pipeline(lambda req: req)
    p.use(lambda req, nxt: nxt())
    assert p.run(1) == 1
    assert p.run(2) == 2


def test_empty_pipeline():
    assert Pipeline(lambda req: ("handled", req)).run(5) == ("handled", 5)


@pytest.mark.parametrize("bad", [None, 3, "mw"])
def test_use_rejects_non_callable(bad):
    p = Pipeline(lambda req: req)
    with pytest.raises(TypeError):
        p.use(bad)
    assert p.run("ok") == "ok"
