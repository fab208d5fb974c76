from emails import dedupe_emails


def test_strips_whitespace():
    assert dedupe_emails(["  a@x.com ", "a@x.com"]) == ["a@x.com"]
