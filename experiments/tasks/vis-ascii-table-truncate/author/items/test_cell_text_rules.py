from fittable import fit_table


def test_cell_text_rules():
    lines = fit_table(["v"], [[True], [False], [2.5], [None]]).split("\n")
    assert lines[2:] == ["yes", "no", "2.50", ""]
