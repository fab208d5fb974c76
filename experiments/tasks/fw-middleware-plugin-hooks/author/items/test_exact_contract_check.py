from hooks import Pipeline


class Stop:

    def before(self, ctx):
        return 'stop'


class Later:

    def after(self, ctx, result):
        ctx.append('later after')


class P:

    def after(self, ctx, result):
        return 'old'


def test_exact_contract_check():
    ctx = []
    p = Pipeline(lambda c: 'h')
    p.add(Stop())
    p.add(Later())
    assert p.run(ctx) == 'stop'
    assert ctx == []
    plugin = P()
    p = Pipeline(lambda ctx: 'h')
    p.add(plugin)
    plugin.after = lambda ctx, result: 'patched'
    assert p.run({}) == 'patched'
