from webapp import App


def test_route_returns_function():
    app = App()

    @app.route("/x")
    def handler(request):
        return "direct"

    assert handler(None) == "direct"
