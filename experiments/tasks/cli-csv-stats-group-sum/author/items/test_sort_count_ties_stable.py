import groupsum


def test_sort_count_ties_stable(tmp_path, capsys):
    path = tmp_path / "s.csv"
    path.write_text("region,amount\nb,1\na,1\nc,1\nc,1\n", encoding="utf-8")
    args = [str(path), "--by", "region", "--value", "amount", "--sort", "count"]
    assert groupsum.main(args) == 0
    assert capsys.readouterr().out.splitlines()[1:] == ["c,2,2.00", "b,1,1.00", "a,1,1.00"]
