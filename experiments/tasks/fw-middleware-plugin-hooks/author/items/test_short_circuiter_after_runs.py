from hooks import Pipeline


class StopAndWrap:
    def before(self, ctx):
        return "s"

    def after(self, ctx, result):
        return "<" + result + ">"


def test_short_circuiter_after_runs():
    p = Pipeline(lambda c: "h")
    p.add(StopAndWrap())
    assert p.run({}) == "<s>"
