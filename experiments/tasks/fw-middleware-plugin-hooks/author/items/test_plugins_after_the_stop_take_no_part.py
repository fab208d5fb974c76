from hooks import Pipeline


class Named:
    def __init__(self, name, stop=False):
        self.name, self.stop = name, stop

    def before(self, ctx):
        return "s" if self.stop else None

    def after(self, ctx, result):
        ctx.append(self.name)


def test_plugins_after_the_stop_take_no_part():
    ctx = []
    p = Pipeline(lambda c: "h")
    p.add(Named("a"))
    p.add(Named("b", stop=True))
    p.add(Named("c"))
    assert p.run(ctx) == "s"
    assert ctx == ["b", "a"]
