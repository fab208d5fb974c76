from fittable import fit_table


def test_truncated_width_exact():
    out = fit_table(["a very long header", "b"], [["abcdefghij", "x"]], max_col_width=8)
    assert out == "a ver...  b\n========  =\nabcde...  x"
