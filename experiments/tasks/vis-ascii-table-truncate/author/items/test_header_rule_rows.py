from fittable import fit_table


def test_header_rule_rows():
    lines = fit_table(["name", "qty"], [["apple", 3], ["kiwi", 12]]).split("\n")
    assert len(lines) == 4
    assert lines[0].split() == ["name", "qty"]
    assert lines[2].split() == ["apple", "3"]
