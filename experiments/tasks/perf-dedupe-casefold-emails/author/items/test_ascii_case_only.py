from emails import dedupe_emails


def test_ascii_case_only():
    assert dedupe_emails(["Bob@Example.com", "bob@example.COM"]) == ["Bob@Example.com"]
