from table import render_table


def test_none_is_empty():
    out = render_table(["a", "b"], [[None, "z"]])
    assert "None" not in out
    assert out.split("\n")[2] == "  | z"
