from webapp import App


def test_route_dispatch():
    app = App()

    @app.route("/x")
    def handler(request):
        return request * 2

    assert app.dispatch("/x", 4) == 8
