import pytest

from webapp import App


def test_duplicate_route_rejected_check():
    app = App()
    app.route("/x")(lambda r: 1)
    with pytest.raises(ValueError):
        app.route("/x")(lambda r: 2)
    assert app.dispatch("/x", None) == 1
