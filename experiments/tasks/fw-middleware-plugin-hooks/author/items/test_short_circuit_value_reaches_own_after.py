from hooks import Pipeline


class Stop:
    def before(self, ctx):
        return "s"

    def after(self, ctx, result):
        ctx.append(result)


def test_short_circuit_value_reaches_own_after():
    ctx = []
    p = Pipeline(lambda c: "h")
    p.add(Stop())
    assert p.run(ctx) == "s"
    assert ctx == ["s"]
