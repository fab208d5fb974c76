from hooks import Pipeline


class Record:
    def after(self, ctx, result):
        ctx.append("first after")


class Stop:
    def before(self, ctx):
        return "s"


def test_earlier_after_runs_on_short_circuit():
    ctx = []
    p = Pipeline(lambda c: "h")
    p.add(Record())
    p.add(Stop())
    assert p.run(ctx) == "s"
    assert ctx == ["first after"]
