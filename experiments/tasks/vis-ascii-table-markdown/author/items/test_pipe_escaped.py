from mdtable import to_markdown


def test_pipe_escaped():
    assert to_markdown(["expr"], [["a|b"]]).split("\n")[2] == "| a\\|b |"
