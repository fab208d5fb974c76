from humantime import format_duration


def test_format_zero():
    assert format_duration(0) == "0s"
