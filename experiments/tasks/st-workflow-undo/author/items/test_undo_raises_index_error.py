import pytest

from statemachine import Machine

TABLE = {("a", "go"): "b", ("b", "go"): "c", ("b", "back"): "a"}


def test_undo_raises_index_error():
    with pytest.raises(IndexError):
        Machine("a", TABLE).undo()
