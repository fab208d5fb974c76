from emails import dedupe_emails


def test_dots_and_tags_distinct():
    data = ["a.b@x.com", "ab@x.com", "ab+news@x.com"]
    assert dedupe_emails(data) == data
