from webapp import App


def test_priority_outermost():
    app = App()
    log = []
    app.middleware(lambda req, nxt: log.append("plain") or nxt(req))
    app.middleware(priority=10)(lambda req, nxt: log.append("high") or nxt(req))
    app.route("/")(lambda r: None)
    app.dispatch("/", None)
    assert log == ["high", "plain"]
