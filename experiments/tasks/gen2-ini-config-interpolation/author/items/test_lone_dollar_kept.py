from interp import resolve


def test_lone_dollar_kept():
    assert resolve({"s": {"q": "cost $5"}}) == {"s": {"q": "cost $5"}}
