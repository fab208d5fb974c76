import pytest

from hooks import Pipeline


class Watch:
    def __init__(self, name, log):
        self.name, self.log = name, log

    def on_error(self, ctx, exc):
        self.log.append(self.name)


def test_on_error_reverse():
    log = []

    def handler(ctx):
        raise RuntimeError("x")

    p = Pipeline(handler)
    p.add(Watch("a", log))
    p.add(Watch("b", log))
    with pytest.raises(RuntimeError):
        p.run({})
    assert log == ["b", "a"]
