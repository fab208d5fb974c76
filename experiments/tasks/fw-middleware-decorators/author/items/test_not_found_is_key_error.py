import pytest

from webapp import App


def test_not_found_is_key_error():
    with pytest.raises(KeyError):
        App().dispatch("/nope", None)
