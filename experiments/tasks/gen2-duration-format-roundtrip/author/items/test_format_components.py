from humantime import format_duration


def test_format_components():
    assert format_duration(3661) == "1h1m1s"
    assert format_duration(86400) == "1d"
