from mdtable import to_markdown


def test_line_break_as_br():
    out = to_markdown(["t"], [["x\ny"]])
    assert "<br>" in out
    assert len(out.split("\n")) == 3
