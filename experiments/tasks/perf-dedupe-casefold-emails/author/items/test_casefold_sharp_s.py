from emails import dedupe_emails


def test_casefold_sharp_s():
    data = ["STRASSE@example.de", "stra\u00dfe@example.de"]
    assert dedupe_emails(data) == ["STRASSE@example.de"]
