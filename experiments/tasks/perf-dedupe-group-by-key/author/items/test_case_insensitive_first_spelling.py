from grouping import group_by


def test_case_insensitive_first_spelling():
    groups = group_by(["Acme", "ACME", "acme"], lambda s: s, case_insensitive=True)
    assert groups == {"Acme": ["Acme", "ACME", "acme"]}
