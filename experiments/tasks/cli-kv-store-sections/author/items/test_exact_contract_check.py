import cfg
import os
import subprocess
import sys


APP = os.environ.get('APP_DIR', os.getcwd())


SCRIPT = os.path.join(APP, 'cfg.py')


def run(args, cwd, stdin=None):
    env = dict(os.environ, PYTHONIOENCODING='utf-8')
    return subprocess.run([sys.executable, SCRIPT, *args], cwd=cwd, input=stdin, capture_output=True, encoding='utf-8', env=env, timeout=30)


def test_exact_contract_check(tmp_path, capsys):
    run(['--file', 's', 'set', 'a.x', '1'], tmp_path)
    assert run(['--file', 's', 'unset', 'a.x'], tmp_path).returncode == 0
    res = run(['--file', 's', 'get', 'a.x'], tmp_path)
    assert res.returncode == 1
    assert res.stdout == ''
    assert cfg.main(['--file', str(tmp_path / 's'), 'get', 'a.nope']) == 1
    assert capsys.readouterr().err == 'cfg: a.nope is not set\n'
