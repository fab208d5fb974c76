from webapp import App


def test_routes_sorted_check():
    app = App()
    for path in ["/b", "/a"]:
        app.route(path)(lambda r: r)
    assert app.routes() == ["/a", "/b"]
