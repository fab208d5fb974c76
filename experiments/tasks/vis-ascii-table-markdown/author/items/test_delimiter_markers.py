from mdtable import to_markdown


def test_delimiter_markers():
    out = to_markdown(["l", "r", "c"], [], align=["left", "right", "center"])
    assert out.split("\n")[1] == "| :-- | --: | :-: |"
