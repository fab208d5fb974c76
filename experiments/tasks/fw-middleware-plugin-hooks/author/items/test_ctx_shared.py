from hooks import Pipeline


class Tag:
    def before(self, ctx):
        ctx["tag"] = 1


def test_ctx_shared():
    ctx = {}
    p = Pipeline(lambda c: c is ctx and c.get("tag"))
    p.add(Tag())
    assert p.run(ctx) == 1
