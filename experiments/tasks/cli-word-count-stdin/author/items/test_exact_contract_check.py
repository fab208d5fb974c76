import os
import subprocess
import sys
import tally


APP = os.environ.get('APP_DIR', os.getcwd())


SCRIPT = os.path.join(APP, 'tally.py')


def run(args, cwd, stdin=None):
    env = dict(os.environ, PYTHONIOENCODING='utf-8')
    return subprocess.run([sys.executable, SCRIPT, *args], cwd=cwd, input=stdin, capture_output=True, encoding='utf-8', env=env, timeout=30)


def test_exact_contract_check(tmp_path, capsys, monkeypatch):
    res = run([], tmp_path, stdin='a b\nc\n')
    assert res.returncode == 0
    assert res.stdout == '      2       3       6\n'
    monkeypatch.chdir(tmp_path)
    assert tally.main(['nope.txt']) == 1
    assert capsys.readouterr().err == 'tally: nope.txt: No such file or directory\n'
