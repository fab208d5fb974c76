import pytest

from hooks import Pipeline


class After:
    def after(self, ctx, result):
        ctx.append("after")


def test_no_after_on_error():
    def handler(ctx):
        raise ValueError()

    ctx = []
    p = Pipeline(handler)
    p.add(After())
    with pytest.raises(ValueError):
        p.run(ctx)
    assert ctx == []
