from table import render_table


def test_trailing_spaces_removed():
    out = render_table(["a", "b"], [["xyz", ""], ["q", "w"]])
    assert out.split("\n") == ["a   | b", "----+--", "xyz |", "q   | w"]
