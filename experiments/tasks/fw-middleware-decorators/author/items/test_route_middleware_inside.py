from webapp import App


def test_route_middleware_inside():
    app = App()
    log = []
    app.middleware(lambda req, nxt: log.append("global") or nxt(req))
    route_mw = lambda req, nxt: log.append("route") or nxt(req)
    app.route("/", middleware=[route_mw])(lambda r: log.append("handler"))
    app.dispatch("/", None)
    assert log == ["global", "route", "handler"]
