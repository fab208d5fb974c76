from mdtable import to_markdown


def test_delimiter_only_dashes_and_colons():
    out = to_markdown(["l", "r"], [], align=["left", "right"])
    delimiter = out.split("\n")[1]
    assert set(delimiter) <= set("|-: ")
    assert delimiter.count("|") == 3
    assert delimiter.rstrip(" |").endswith(":")
