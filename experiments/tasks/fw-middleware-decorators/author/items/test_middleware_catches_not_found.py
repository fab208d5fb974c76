from webapp import App, NotFound


def test_middleware_catches_not_found():
    app = App()

    @app.middleware
    def fallback(req, call_next):
        try:
            return call_next(req)
        except NotFound:
            return "fallback"

    assert app.dispatch("/missing", None) == "fallback"
