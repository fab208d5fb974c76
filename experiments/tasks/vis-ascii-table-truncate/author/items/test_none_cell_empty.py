from fittable import fit_table


def test_none_cell_empty():
    out = fit_table(["a", "b"], [[None, 1.5]])
    assert "None" not in out
