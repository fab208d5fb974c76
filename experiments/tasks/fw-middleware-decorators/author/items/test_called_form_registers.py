from webapp import App


def test_called_form_registers():
    app = App()
    log = []

    @app.middleware(priority=0)
    def mw(req, call_next):
        log.append("mw")
        return call_next(req)

    app.route("/")(lambda r: "ok")
    assert app.dispatch("/", None) == "ok"
    assert log == ["mw"]
