import tally


def test_missing_file_message_exact(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert tally.main(["nope.txt"]) == 1
    assert capsys.readouterr().err == "tally: nope.txt: No such file or directory\n"
