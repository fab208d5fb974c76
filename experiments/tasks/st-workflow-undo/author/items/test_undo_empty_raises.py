import pytest

from statemachine import Machine, NothingToUndo

TABLE = {("a", "go"): "b", ("b", "go"): "c", ("b", "back"): "a"}


def test_undo_empty_raises():
    with pytest.raises(NothingToUndo):
        Machine("a", TABLE).undo()
