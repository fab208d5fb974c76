from grouping import group_by


def test_case_insensitive_fixture(company_names):
    groups = group_by(company_names, lambda s: s, case_insensitive=True)
    assert list(groups) == ["Acme"]
