def test_delete_across_runs_helper(tmp_path):
    kv_run(tmp_path, "set", "a", "1")
    kv_run(tmp_path, "delete", "a")
    assert kv_run(tmp_path, "get", "a").returncode == 1
