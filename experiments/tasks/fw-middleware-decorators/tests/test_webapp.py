import pytest

from webapp import App, NotFound


def tag(name, log):
    def mw(request, call_next):
        log.append(name + ">")
        response = call_next(request)
        log.append("<" + name)
        return response

    return mw


def test_route_and_dispatch():
    app = App()

    def hello(request):
        return "hello " + request

    assert app.route("/hello")(hello) is hello

    @app.route("/bye")
    def bye(request):
        return "bye " + request

    assert bye("x") == "bye x"
    assert app.dispatch("/hello", "ann") == "hello ann"
    assert app.dispatch("/bye", "bo") == "bye bo"


def test_unknown_path_raises_not_found():
    app = App()
    app.route("/a")(lambda r: r)
    with pytest.raises(NotFound):
        app.dispatch("/b", None)
    with pytest.raises(LookupError):
        app.dispatch("/a/", None)
    assert issubclass(NotFound, LookupError)


def test_bare_middleware_decorator():
    app = App()
    log = []

    def first(request, call_next):
        log.append("first")
        return call_next(request + 1) * 10

    assert app.middleware(first) is first

    @app.middleware
    def second(request, call_next):
        log.append("second")
        return call_next(request + 1)

    app.route("/n")(lambda r: r)
    assert app.dispatch("/n", 0) == 20
    assert log == ["first", "second"]
    assert second(5, lambda r: r) == 6


def test_priority_orders_global_middleware():
    app = App()
    log = []
    app.middleware(tag("zero-a", log))
    app.middleware(priority=5)(tag("five", log))
    app.middleware(priority=-1)(tag("minus", log))
    app.middleware(priority=0)(tag("zero-b", log))
    returned = app.middleware(priority=5)(tag("five-b", log))
    assert callable(returned)
    app.route("/")(lambda r: log.append("handler"))
    app.dispatch("/", None)
    assert log == ["five>", "five-b>", "zero-a>", "zero-b>", "minus>", "handler",
                   "<minus", "<zero-b", "<zero-a", "<five-b", "<five"]


def test_duplicate_route_rejected():
    app = App()
    app.route("/x")(lambda r: "first")
    with pytest.raises(ValueError):
        app.route("/x")(lambda r: "second")
    assert app.dispatch("/x", None) == "first"


def test_route_middleware_runs_inside_globals():
    app = App()
    log = []
    app.middleware(tag("global", log))
    app.route("/r", middleware=[tag("f", log), tag("g", log)])(lambda r: log.append("h"))
    app.route("/plain")(lambda r: log.append("plain"))
    app.dispatch("/r", None)
    assert log == ["global>", "f>", "g>", "h", "<g", "<f", "<global"]
    log.clear()
    app.dispatch("/plain", None)
    assert log == ["global>", "plain", "<global"]


def test_middleware_can_catch_not_found():
    app = App()
    seen = []

    @app.middleware
    def fallback(request, call_next):
        seen.append(request)
        try:
            return call_next(request)
        except NotFound:
            return "404"

    app.route("/ok")(lambda r: "200")
    assert app.dispatch("/missing", "req") == "404"
    assert app.dispatch("/ok", "req2") == "200"
    assert seen == ["req", "req2"]


def test_routes_sorted():
    app = App()
    assert app.routes() == []
    for path in ("/z", "/a", "/m"):
        app.route(path)(lambda r: r)
    assert app.routes() == ["/a", "/m", "/z"]
