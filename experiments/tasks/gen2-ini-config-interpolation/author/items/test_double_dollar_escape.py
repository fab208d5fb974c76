from interp import resolve


def test_double_dollar_escape():
    assert resolve({"s": {"p": "$$10", "q": "cost $5"}})["s"] == {
        "p": "$10", "q": "cost $5",
    }
