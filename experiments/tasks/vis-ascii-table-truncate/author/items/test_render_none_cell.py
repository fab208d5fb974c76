from fittable import fit_table


def test_render_none_cell():
    assert render_row(fit_table(["a"], [[None]]), 2) == ""
