def test_uses_capitalize():
    import inspect, titles
    assert "SMALL" in inspect.getsource(titles)
