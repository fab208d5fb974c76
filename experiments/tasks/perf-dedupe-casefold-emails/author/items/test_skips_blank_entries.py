from emails import dedupe_emails


def test_skips_blank_entries():
    assert dedupe_emails(["", "  ", "a@x.com", "\t"]) == ["a@x.com"]
