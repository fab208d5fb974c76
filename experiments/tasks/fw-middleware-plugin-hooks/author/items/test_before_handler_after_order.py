from hooks import Pipeline


class P:
    def __init__(self, name, log):
        self.name, self.log = name, log

    def before(self, ctx):
        self.log.append("before " + self.name)

    def after(self, ctx, result):
        self.log.append("after " + self.name)


def test_before_handler_after_order():
    log = []
    p = Pipeline(lambda ctx: log.append("handler"))
    p.add(P("a", log))
    p.add(P("b", log))
    p.run({})
    assert log == ["before a", "before b", "handler", "after b", "after a"]
