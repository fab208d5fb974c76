from humantime import format_duration, parse_duration


def test_normalises_parsed_text():
    assert format_duration(parse_duration("90m")) == "1h30m"
