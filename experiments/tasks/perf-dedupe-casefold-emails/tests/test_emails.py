import pytest

from emails import dedupe_emails


def test_first_spelling_in_first_appearance_order():
    data = ["b@x.com", "a@x.com", "B@X.com", "c@x.com", "A@x.COM"]
    assert dedupe_emails(data) == ["b@x.com", "a@x.com", "c@x.com"]


def test_full_case_folding():
    data = ["STRASSE@example.de", "stra\u00dfe@example.de", "Bob@Example.com",
            "bob@example.COM"]
    assert dedupe_emails(data) == ["STRASSE@example.de", "Bob@Example.com"]


def test_sigma_forms_fold_together():
    data = ["\u03c3\u03bf\u03c6\u03af\u03b1@x.gr", "\u03a3\u039f\u03a6\u038a\u0391@x.gr",
            "\u03c2\u03bf\u03c6\u03af\u03b1@x.gr"]
    assert dedupe_emails(data) == [data[0]]


def test_whitespace_stripped_and_blanks_skipped():
    data = ["  a@x.com\t", "", "   ", "A@x.com", "\nb@x.com "]
    assert dedupe_emails(data) == ["a@x.com", "b@x.com"]


def test_dots_and_tags_are_significant():
    data = ["a.b@x.com", "ab@x.com", "ab+news@x.com", "AB@x.com"]
    assert dedupe_emails(data) == ["a.b@x.com", "ab@x.com", "ab+news@x.com"]


def test_non_string_entry_names_its_position():
    with pytest.raises(TypeError) as info:
        dedupe_emails(["a@x.com", "b@x.com", None, "c@x.com"])
    assert "2" in str(info.value)
    with pytest.raises(TypeError):
        dedupe_emails([b"a@x.com"])


def test_accepts_any_iterable():
    assert dedupe_emails(iter(["x@y.z", "X@Y.Z"])) == ["x@y.z"]
