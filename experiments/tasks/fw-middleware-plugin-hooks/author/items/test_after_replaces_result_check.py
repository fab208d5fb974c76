from hooks import Pipeline


class Upper:
    def after(self, ctx, result):
        return result.upper()


class Keep:
    def after(self, ctx, result):
        return None


def test_after_replaces_result_check():
    p = Pipeline(lambda ctx: "abc")
    p.add(Upper())
    p.add(Keep())
    assert p.run({}) == "ABC"
