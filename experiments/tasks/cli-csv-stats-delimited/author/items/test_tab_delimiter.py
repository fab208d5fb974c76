import colstats


def test_tab_delimiter(tmp_path, capsys):
    path = tmp_path / "d.tsv"
    path.write_text("a\tb\n1\t5\n", encoding="utf-8")
    assert colstats.main([str(path), "b", "--delimiter", "tab"]) == 0
    assert capsys.readouterr().out.startswith("n=1 min=5 max=5")
