from hooks import Pipeline


class Stop:
    def before(self, ctx):
        return "stop"


class Later:
    def after(self, ctx, result):
        ctx.append("later after")


def test_unreached_after_skipped():
    ctx = []
    p = Pipeline(lambda c: "h")
    p.add(Stop())
    p.add(Later())
    assert p.run(ctx) == "stop"
    assert ctx == []
