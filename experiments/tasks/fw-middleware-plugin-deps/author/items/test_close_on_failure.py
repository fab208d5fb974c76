import pytest

from plugins import Registry


class Closer:
    def __init__(self, log):
        self.log = log

    def close(self):
        self.log.append("closed")


def test_close_on_failure():
    log = []
    reg = Registry()
    reg.register("db", lambda ctx: Closer(log))

    def boom(ctx):
        raise OSError("no")

    reg.register("web", boom, requires=["db"])
    with pytest.raises(OSError):
        reg.start()
    assert log == ["closed"]
