from hooks import Pipeline


class P:
    def after(self, ctx, result):
        return "old"


def test_hooks_looked_up_per_run():
    plugin = P()
    p = Pipeline(lambda ctx: "h")
    p.add(plugin)
    plugin.after = lambda ctx, result: "patched"
    assert p.run({}) == "patched"
