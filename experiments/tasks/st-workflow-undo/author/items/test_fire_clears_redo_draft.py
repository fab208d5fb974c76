import pytest

from statemachine import NothingToRedo


def test_fire_clears_redo_draft(machine):
    machine.fire("go")
    machine.undo()
    machine.fire("go")
    machine.undo()
    machine.fire("go")
    with pytest.raises(NothingToRedo):
        machine.redo()
