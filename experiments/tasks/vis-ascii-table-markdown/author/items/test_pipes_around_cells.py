from mdtable import to_markdown


def test_pipes_around_cells():
    lines = to_markdown(["name", "qty"], [["apple", 3]]).split("\n")
    assert len(lines) == 3
    assert all(line.startswith("| ") and line.endswith(" |") for line in lines)
