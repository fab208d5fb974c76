from blocks import percent_bars


def test_exact_bars():
    out = percent_bars([("cpu", 0.5), ("memory", 1.0)], width=4)
    assert out == "cpu    \u2588\u2588    50.0%\nmemory \u2588\u2588\u2588\u2588 100.0%"
