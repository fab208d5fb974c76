"""Does a task's author pool copy its trusted verifier? (a `rsi tasks validate` rule)

Author items reach journaled traces by name, and their bodies shape what the scripted author
submits; an item that shares a test function name or body with `tests/` would carry hidden
verifier material into traces and proposers. Bodies (with their decorators, so that one
generic body parametrized over other cases is not a copy) are compared as syntax trees, so
comments, blank lines and formatting do not hide a copy.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

from evaluators.tasks.author_pool import AuthorPool


@dataclass(frozen=True)
class _TestFunction:
    where: str  # "tests/test_x.py::test_name" or "author item 'id'"
    name: str
    body: str  # ast.dump of the decorators (parameters are part of a test) and the body


def _test_functions(source: str, where: str) -> list[_TestFunction]:
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []  # a file that does not parse shares nothing checkable
    return [
        _TestFunction(
            f"{where}::{node.name}" if where.startswith("tests/") else where,
            node.name,
            ast.dump(ast.Module(body=[*node.decorator_list, *node.body], type_ignores=[])),
        )
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test")
    ]


def verifier_overlap(pool: AuthorPool, tests_dir: Path) -> list[str]:
    """One problem per author item that shares a test name or body with `tests/`."""
    trusted: list[_TestFunction] = []
    for path in sorted(tests_dir.rglob("*.py")):
        where = f"tests/{path.relative_to(tests_dir).as_posix()}"
        trusted += _test_functions(path.read_text(encoding="utf-8"), where)
    by_name = {t.name: t for t in trusted}
    by_body = {t.body: t for t in trusted}
    problems: list[str] = []
    for item in pool.items:
        sources = [item.source] + ([item.repaired_source] if item.repaired_source else [])
        for source in sources:
            for function in _test_functions(source, f"author item {item.id!r}"):
                if function.name in by_name:
                    problems.append(
                        f"{function.where} shares the test name of {by_name[function.name].where}"
                    )
                elif function.body in by_body:
                    problems.append(
                        f"{function.where} copies the body of {by_body[function.body].where}"
                    )
    return list(dict.fromkeys(problems))
