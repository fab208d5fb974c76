from mdtable import to_markdown


def test_exact_plain_table():
    out = to_markdown(["name", "qty"], [["apple", 3], ["fig", 12]])
    assert out == "| name  | qty |\n| ----- | --- |\n| apple | 3   |\n| fig   | 12  |"
