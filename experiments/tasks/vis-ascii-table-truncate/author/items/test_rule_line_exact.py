from fittable import fit_table


def test_rule_line_exact():
    out = fit_table(["first", "b"], [["a", "longer"]])
    assert out == "first  b\n=====  ======\na      longer"
