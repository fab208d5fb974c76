from webapp import App


def test_global_middleware_order():
    app = App()
    log = []

    @app.middleware
    def outer(req, call_next):
        log.append("outer")
        return call_next(req)

    @app.middleware
    def inner(req, call_next):
        log.append("inner")
        return call_next(req)

    app.route("/")(lambda r: log.append("handler"))
    app.dispatch("/", None)
    assert log == ["outer", "inner", "handler"]
