from webapp import App


def test_routes_sorted_check():
    app = App()
    register_paths(app, ["/b", "/a"])
    assert app.routes() == ["/a", "/b"]
