from humantime import format_duration


def test_exact_truncation_case():
    assert format_duration(3661, max_units=2) == "1h1m"
