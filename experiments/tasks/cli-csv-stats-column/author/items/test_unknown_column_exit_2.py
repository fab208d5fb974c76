def test_unknown_column_exit_2(csv_file, run_cli):
    res = run_cli([str(csv_file), "--column", "nope"])
    assert res.returncode == 2
    assert res.stdout == ""
