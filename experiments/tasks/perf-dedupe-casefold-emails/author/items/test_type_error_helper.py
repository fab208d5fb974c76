from emails import dedupe_emails


def test_type_error_helper():
    assert_type_error_mentions(dedupe_emails, ["a@x.com", None], "1")
