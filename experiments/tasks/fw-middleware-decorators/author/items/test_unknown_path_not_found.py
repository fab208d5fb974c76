import pytest

from webapp import App, NotFound


def test_unknown_path_not_found():
    with pytest.raises(NotFound):
        App().dispatch("/nope", None)
