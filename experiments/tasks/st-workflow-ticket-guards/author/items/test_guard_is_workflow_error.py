import pytest

from ticket import Ticket, WorkflowError


def test_guard_is_workflow_error():
    with pytest.raises(WorkflowError):
        Ticket("x").start()
    with pytest.raises(WorkflowError):
        Ticket("y").close()
