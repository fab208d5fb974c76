import wordcount


def test_missing_file_message_exact(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert wordcount.main(["missing.txt"]) == 1
    err = capsys.readouterr().err
    assert err == "wordcount: missing.txt: No such file or directory\n"
