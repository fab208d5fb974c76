from emails import dedupe_emails


def test_first_spelling_kept():
    data = ["Ann@x.com", "bob@x.com", "ann@X.com"]
    assert dedupe_emails(data) == ["Ann@x.com", "bob@x.com"]
