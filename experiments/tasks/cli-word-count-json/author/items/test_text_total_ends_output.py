import countjson


def test_text_total_ends_output(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name in ("a.txt", "b.txt", "c.txt"):
        (tmp_path / name).write_text("x\n", encoding="utf-8")
    countjson.main(["a.txt", "b.txt", "c.txt"])
    assert capsys.readouterr().out.splitlines()[-1].endswith("total")
