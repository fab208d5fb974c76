"""The layout is the architecture: imports point one way, and packages meet at their surface.

- Top level: `rsi -> evaluators -> search_space`.
- Inside `rsi`: `cli -> api -> engine -> proposers, release, lineage -> journal`, with
  `config` shared; only the CLI, the API and the engine itself import `rsi.engine`.
- `reports` draws a run from the journal (and the gate's own bootstrap code in `release`);
  `cli` shows reports to people and `lineage` logs them into MLflow; nothing else imports it.
- A module of one `rsi` package imports another package only through its `__init__`.
- Every exception class derives from `RsiError` and is drawn in `rsi.errors`' tree.
- Inside `search_space` and `evaluators`, modules import one way too (`SEARCH_SPACE_ALLOWED`,
  `EVALUATORS_ALLOWED`).
- `evaluators` has a surface: its parts (`evaluators.__all__`). Code in `rsi` and
  `experiments` imports `evaluators.<part>` (never `evaluators.<part>.<module>`, nor a
  sub-package such as `evaluators.runners.scripted`) and only names in that part's
  `__all__`; one evaluators part imports another the same way. No import circle among
  evaluators' modules, type-checking and function-local imports included, and the allowed
  part imports draw none either.
- Known debt may only shrink: imports reaching past a package's surface, functions over 60
  lines and class names defined twice are listed in `tests/fixtures/architecture_debt/`; a
  new one fails, and a fixed one must leave its list.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re
from pathlib import Path

import pytest

import rsi.errors
from search_space import RsiError

ROOT = Path(__file__).resolve().parents[1]
# Which rsi parts each rsi part may import (itself always allowed).
ALLOWED: dict[str, set[str]] = {
    "config": set(),
    "journal": set(),
    "proposers": set(),
    "release": {"journal", "config"},
    "forecast": {"journal", "release", "config"},
    "reports": {"journal", "release", "config", "forecast"},
    "lineage": {"journal", "config", "reports", "forecast"},
    # The rsi rooms of issue 48: engine (round protocol) -> execution -> screening (pure).
    "screening": {"journal"},
    "execution": {"journal", "config", "forecast"},
    "engine": {
        "journal",
        "config",
        "proposers",
        "release",
        "lineage",
        "forecast",
        "execution",
        "screening",
    },
    "api": {
        "journal",
        "config",
        "proposers",
        "release",
        "lineage",
        "engine",
        "execution",
        "screening",
        "forecast",
    },
    # rsi benchmark: the CLI hands in the engine's services builder (a port).
    "benchmark": {"config", "release", "lineage"},
    "cli": {
        "journal",
        "config",
        "proposers",
        "release",
        "lineage",
        "engine",
        "execution",
        "screening",
        "api",
        "reports",
        "forecast",
        "benchmark",
    },
    "__init__": {"api"},
    # The public errors module loads each class from its home on first use.
    "errors": {"journal", "proposers", "release"},
    "__main__": {"cli"},
    "lazy": set(),
}
# Helpers any rsi part may import: they import no rsi part themselves (`rsi.lazy`, the
# lazy exports of a package's `__init__`).
SHARED: set[str] = {"lazy"}


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append(node.module)
    return found


def _modules(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


def _part(path: Path) -> str:
    """The rsi part a file belongs to: its subpackage, or the module's own name."""
    relative = path.relative_to(ROOT / "rsi").parts
    return relative[0] if len(relative) > 1 else relative[0].removesuffix(".py")


@pytest.mark.parametrize(
    ("package", "forbidden"),
    [("search_space", ("rsi", "evaluators")), ("evaluators", ("rsi",))],
)
def test_top_level_imports_point_one_way(package: str, forbidden: tuple[str, ...]) -> None:
    offenders = [
        f"{path.relative_to(ROOT)}: {name}"
        for path in _modules(package)
        for name in _imports(path)
        if name.split(".")[0] in forbidden
    ]
    assert offenders == []


def test_rsi_parts_import_only_downwards() -> None:
    offenders = []
    for path in _modules("rsi"):
        part = _part(path)
        for name in _imports(path):
            pieces = name.split(".")
            if pieces[0] != "rsi" or len(pieces) < 2:
                continue
            target = pieces[1]
            if target != part and target not in ALLOWED[part] | SHARED:
                offenders.append(f"{path.relative_to(ROOT)} imports {name}")
    assert offenders == []


def test_packages_meet_only_at_their_surface() -> None:
    """`rsi.journal.store` is private to `rsi.journal`; other parts import `rsi.journal`."""
    offenders = []
    for path in _modules("rsi"):
        part = _part(path)
        for name in _imports(path):
            pieces = name.split(".")
            if pieces[0] == "rsi" and len(pieces) > 2 and pieces[1] != part:
                offenders.append(f"{path.relative_to(ROOT)} imports {name}")
    assert offenders == []


def test_only_cli_api_and_engine_import_the_engine() -> None:
    importers = {
        _part(path)
        for path in _modules("rsi")
        for name in _imports(path)
        if name == "rsi.engine" or name.startswith("rsi.engine.")
    }
    assert importers <= {"cli", "api", "engine"}


# --- The rsi rooms of issue 48: engine (round protocol) -> execution -> screening ---------


def _rsi_module_name(path: Path) -> str:
    relative = path.relative_to(ROOT).with_suffix("")
    parts = relative.parts[:-1] if relative.name == "__init__" else relative.parts
    return ".".join(parts)


def _rsi_import_graph() -> dict[str, set[str]]:
    """Module -> the rsi modules it imports anywhere (TYPE_CHECKING and function-level
    imports included); `from rsi.x import y` names the submodule `rsi.x.y` when it is one."""
    modules = {_rsi_module_name(path): path for path in _modules("rsi")}
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                for alias in node.names:
                    sub = f"{node.module}.{alias.name}"
                    targets.append(sub if sub in modules else node.module)
            graph[name].update(target for target in targets if target in modules)
        graph[name].discard(name)
    return graph


def _import_circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                circles.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return circles


# Known debt, which may only shrink: the gate renders its report, whose renderer names the
# gate's record for its type hints (outside the rooms issue 48 splits).


def test_rsi_has_no_import_circle_type_checking_included() -> None:
    """No two rsi modules import each other, even through others or only for type hints
    (`Batch` reports to a `BatchHost` protocol, not to the `Evaluator` that imports it)."""
    assert _import_circles(_rsi_import_graph()) == []


def test_the_circle_check_sees_a_type_checking_circle() -> None:
    graph = {"rsi.a": {"rsi.b"}, "rsi.b": {"rsi.c"}, "rsi.c": {"rsi.a"}, "rsi.d": {"rsi.a"}}
    assert _import_circles(graph) == [["rsi.a", "rsi.b", "rsi.c"]]


def test_execution_never_imports_the_engine() -> None:
    """engine -> execution, never back: the round protocol asks, the machinery runs."""
    offenders = [
        f"{path.relative_to(ROOT)} imports {name}"
        for path in _modules("rsi/execution")
        for name in _imports(path)
        if name == "rsi.engine" or name.startswith("rsi.engine.")
    ]
    assert offenders == []


def test_screening_imports_neither_engine_nor_execution() -> None:
    """Acceptance rules and races are pure decisions over outcomes."""
    offenders = [
        f"{path.relative_to(ROOT)} imports {name}"
        for path in _modules("rsi/screening")
        for name in _imports(path)
        if name.split(".")[:2] in (["rsi", "engine"], ["rsi", "execution"])
    ]
    assert offenders == []


def test_the_dask_worker_hashes_its_sources_without_importing_rsi() -> None:
    """The worker finds its packages' directories without executing them and builds its
    services with what the driver hands down (`WorkerKit`), never the engine's code."""
    worker = ROOT / "rsi" / "execution" / "dask" / "worker.py"
    names = _imports(worker)
    assert "rsi" not in names and not any(name.startswith("rsi.engine") for name in names)
    assert "rsi.execution.services" not in names


# The entries that take the whole config and cut it into what each part reads (issue 48):
# `Engine` (a search) and `run_pilot` (`rsi pilot`), both writing it to config.json.
CONFIG_ROOTS = {"rsi/engine/loop.py:Engine.__init__", "rsi/engine/pilot.py:run_pilot"}


def _whole_config_takers(source: str, module: str) -> set[str]:
    """`module:qualname` of each function whose parameters or return, and each class whose
    fields (a dataclass's or model's constructor), are annotated with `ExperimentConfig`."""
    found: set[str] = set()
    defs = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)

    def names_config(annotation: ast.expr | None) -> bool:
        return annotation is not None and "ExperimentConfig" in ast.unparse(annotation)

    def visit(node: ast.AST, scope: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.AnnAssign) and names_config(child.annotation):
                found.add(f"{module}:{scope}")
            if not isinstance(child, defs):
                continue
            name = f"{scope}.{child.name}" if scope else child.name
            if not isinstance(child, ast.ClassDef):
                args = child.args
                arguments = [*args.posonlyargs, *args.args, *args.kwonlyargs]
                arguments += [a for a in (args.vararg, args.kwarg) if a is not None]
                if names_config(child.returns) or any(
                    names_config(a.annotation) for a in arguments
                ):
                    found.add(f"{module}:{name}")
            visit(child, name)

    visit(ast.parse(source), "")
    return found


def test_engine_and_execution_take_config_sections_not_the_whole_config() -> None:
    """Below the entries that cut it, a part receives the sections it reads
    (`rsi.config.bundles`): no function, constructor or field in `rsi.engine` or
    `rsi.execution` takes the whole `ExperimentConfig`."""
    takers: set[str] = set()
    for folder in ("rsi/engine", "rsi/execution"):
        for path in _modules(folder):
            source = path.read_text(encoding="utf-8")
            takers |= _whole_config_takers(source, path.relative_to(ROOT).as_posix())
    assert takers == CONFIG_ROOTS


def test_the_config_narrowing_check_sees_a_violation() -> None:
    source = (
        "@dataclass(frozen=True)\nclass Parts:\n    config: ExperimentConfig\n"
        "class Pool:\n    def __init__(self, config: 'ExperimentConfig') -> None: ...\n"
        "def build(x: int, *, config: ExperimentConfig | None) -> None: ...\n"
        "def fine(config: ServicesConfig) -> ExperimentConfig: ...\n"
    )
    assert _whole_config_takers(source, "m") == {
        "m:Parts",
        "m:Pool.__init__",
        "m:build",
        "m:fine",
    }


def test_only_cli_and_lineage_import_reports() -> None:
    """Reports are drawn for people (cli) and for MLflow (lineage), never by the engine."""
    importers = {
        _part(path)
        for path in _modules("rsi")
        for name in _imports(path)
        if name == "rsi.reports" or name.startswith("rsi.reports.")
    }
    assert importers <= {"cli", "lineage", "reports"}
    assert "reports" in ALLOWED["lineage"] and "lineage" not in ALLOWED["reports"]


def test_the_checks_see_a_violation(tmp_path: Path) -> None:
    """The scan itself must find a forbidden import, or the tests above prove nothing."""
    module = tmp_path / "bad.py"
    module.write_text("from rsi.engine.loop import Engine\nimport rsi.journal.store\n")
    assert _imports(module) == ["rsi.engine.loop", "rsi.journal.store"]


def _exception_classes() -> dict[str, type[BaseException]]:
    """Every exception class defined in the three packages, by `module.name`."""
    found: dict[str, type[BaseException]] = {}
    for package in ("search_space", "evaluators", "rsi"):
        for path in _modules(package):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__main__":
                continue  # running it is the CLI
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            module = importlib.import_module(name)
            for value in vars(module).values():
                if (
                    inspect.isclass(value)
                    and issubclass(value, BaseException)
                    and value.__module__ == name
                ):
                    found[f"{name}.{value.__name__}"] = value
    return found


def test_every_error_derives_from_the_one_base_and_is_drawn_in_its_tree() -> None:
    classes = _exception_classes()
    assert len(classes) >= 15  # the scan found them, or this test proves nothing
    drawn = set(re.findall(r"^ {4}(?:[│ ]*[├└]── )?(\w+)", rsi.errors.__doc__ or "", re.M))
    outside = sorted(name for name, cls in classes.items() if not issubclass(cls, RsiError))
    undrawn = sorted(name for name, cls in classes.items() if cls.__name__ not in drawn)
    stale = sorted(drawn - {cls.__name__ for cls in classes.values()})
    assert (outside, undrawn, stale) == ([], [], [])


def test_every_exception_class_is_re_exported_under_the_root() -> None:
    """`from rsi.errors import RsiError` catches anything the library raises: every class
    defined in the three packages is in `rsi.errors.__all__` (issue 48 item 4)."""
    classes = _exception_classes()
    assert len(classes) >= 25  # the scan found them, or this test proves nothing
    missing = sorted(
        dotted
        for dotted, cls in classes.items()
        if cls.__name__ not in rsi.errors.__all__ or getattr(rsi.errors, cls.__name__) is not cls
    )
    outside = sorted(
        n for n in rsi.errors.__all__ if not issubclass(getattr(rsi.errors, n), rsi.errors.RsiError)
    )
    stale = sorted(set(rsi.errors.__all__) - {cls.__name__ for cls in classes.values()})
    assert (missing, outside, stale) == ([], [], [])


def _tag_names() -> set[str]:
    """MLflow tag names (`rsi.kind`, `rsi.alias_history.<alias>`): strings, not modules."""
    found = set()
    for path in [*_modules("rsi/lineage"), *_modules("rsi/forecast")]:
        found.update(re.findall(r"f?\"(rsi\.\w+)", path.read_text(encoding="utf-8")))
    return found


def _resolves(dotted: str) -> bool:
    """Whether `dotted` names a module, or an attribute of one (a class, a function...)."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            target: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attribute in parts[cut:]:
            if not hasattr(target, attribute):
                return False
            target = getattr(target, attribute)
        return True
    return False


def test_the_code_and_docs_name_only_modules_and_objects_that_exist() -> None:
    """A module renamed or removed leaves no docstring or doc pointing at its old name."""
    tags = _tag_names()
    texts = [*_modules("rsi"), *_modules("evaluators"), *_modules("search_space")]
    texts += [*sorted((ROOT / "docs").rglob("*.md")), ROOT / "README.md"]
    stale = []
    for path in texts:
        for name in re.findall(r"`((?:rsi|evaluators|search_space)(?:\.\w+)+)", path.read_text()):
            tagged = name in tags or any(name.startswith(f"{tag}.") for tag in tags)
            if not tagged and not _resolves(name):
                stale.append(f"{path.relative_to(ROOT)}: {name}")
    assert len(tags) >= 10 and stale == []
    assert not _resolves("rsi.lineage_plan.plan") and _resolves("rsi.lineage.plan.plan")


def test_docs_point_only_inside_the_repository() -> None:
    """A clone has docs/, not the workspace's shared/ folder: nothing may send readers there."""
    texts = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    texts += [*_modules("rsi"), *_modules("evaluators"), *_modules("search_space")]
    outside = [str(p.relative_to(ROOT)) for p in texts if "shared/" in p.read_text()]
    missing = sorted(
        {name for p in texts for name in re.findall(r"docs/[\w.-]+\.md", p.read_text())}
        - {f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md")}
    )
    assert (outside, missing) == ([], [])
    assert "docs/design.md" in (ROOT / "README.md").read_text()


# Which modules of search_space and which parts of evaluators each may import (itself always).
SEARCH_SPACE_ALLOWED: dict[str, set[str]] = {
    "errors": set(),
    "wording": set(),
    "skills": set(),
    "prose": {"errors"},
    "io": {"errors"},
    "schema": {"errors", "prose", "skills"},
    "identity": {"schema"},
    "lessons": {"schema"},
    "space": {"schema"},
    "edits": {"errors", "identity", "prose", "schema", "space"},
}
EVALUATORS_ALLOWED: dict[str, set[str]] = {
    # The surface names every public part (lazily); see test_evaluators_surface_*.
    "__init__": {"defaults", "harbor", "judging", "llm", "runners", "sandbox", "tasks", "testing"},
    "defaults": set(),
    "llm": set(),
    "sandbox": {"defaults"},
    # Harbor's task format is read in `tasks`; `harbor` builds and verifies its images.
    "tasks": set(),
    "harbor": {"sandbox", "tasks"},
    "judging": {"sandbox", "tasks"},
    # The latency runner's judge builds TaskJudgement records.
    "runners": {"judging", "llm", "sandbox", "tasks"},
    # Supported doubles for tests: a sandbox, a runner and its judge.
    "testing": {"judging", "runners", "sandbox", "tasks"},
}
DEBT = ROOT / "tests" / "fixtures" / "architecture_debt"


def _top_part(path: Path) -> tuple[str, str]:
    """(package, part): the subpackage or module of a top-level package a file belongs to."""
    relative = path.relative_to(ROOT).parts
    return relative[0], relative[1].removesuffix(".py") if len(relative) > 1 else ""


@pytest.mark.parametrize(
    ("package", "allowed"),
    [("search_space", SEARCH_SPACE_ALLOWED), ("evaluators", EVALUATORS_ALLOWED)],
)
def test_modules_outside_rsi_import_one_way(package: str, allowed: dict[str, set[str]]) -> None:
    offenders = []
    for path in _modules(package):
        _, part = _top_part(path)
        if package == "search_space" and part == "__init__":
            continue  # the surface re-exports every module
        for name in _imports(path):
            pieces = name.split(".")
            outside = pieces[0] == package and len(pieces) > 1 and pieces[1] != part
            if outside and pieces[1] not in allowed[part]:
                offenders.append(f"{path.relative_to(ROOT)} imports {name}")
    assert offenders == []


def _debt(name: str) -> set[str]:
    lines = (DEBT / name).read_text().splitlines()
    return {line.strip() for line in lines if line.strip() and not line.startswith("#")}


def _reaching_past() -> set[str]:
    """`search_space.<module>` from outside search_space, `evaluators.<part>.<module>` from
    outside that part: imports that skip the package's surface."""
    found = set()
    for path in [*_modules("search_space"), *_modules("evaluators"), *_modules("rsi")]:
        package, part = _top_part(path)
        for name in _imports(path):
            pieces = name.split(".")
            into_search_space = pieces[0] == "search_space" and package != "search_space"
            into_evaluators = pieces[0] == "evaluators" and len(pieces) > 2
            if into_evaluators and package == "evaluators" and part == pieces[1]:
                continue
            if (into_search_space and len(pieces) > 1) or into_evaluators:
                found.add(f"{path.relative_to(ROOT).as_posix()} -> {name}")
    return found


def _long_functions_in(path: Path) -> set[str]:
    """`qualname`s of the functions over 60 lines (decorators aside) in one file."""
    found = set()
    stack: list[tuple[ast.AST, str]] = [(ast.parse(path.read_text()), "")]
    while stack:
        node, prefix = stack.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                name = f"{prefix}{child.name}"
                stack.append((child, f"{name}."))
                lines = (child.end_lineno or child.lineno) - child.lineno + 1
                if not isinstance(child, ast.ClassDef) and lines > 60:
                    found.add(name)
    return found


def _scanned_modules() -> list[Path]:
    return [path for package in ("search_space", "evaluators", "rsi") for path in _modules(package)]


def _long_functions() -> set[str]:
    return {
        f"{path.relative_to(ROOT).as_posix()}::{name}"
        for path in _scanned_modules()
        for name in _long_functions_in(path)
    }


def _duplicate_classes_in(paths: list[Path]) -> set[str]:
    """Class names defined more than once across `paths` (nested classes included)."""
    seen: dict[str, int] = {}
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                seen[node.name] = seen.get(node.name, 0) + 1
    return {name for name, count in seen.items() if count > 1}


def _duplicate_classes() -> set[str]:
    """One idea, one name: across all three packages, not just within one."""
    return _duplicate_classes_in(_scanned_modules())


@pytest.mark.parametrize(
    ("listing", "scan"),
    [
        ("reaching_past.txt", _reaching_past),
        ("long_functions.txt", _long_functions),
        ("duplicate_classes.txt", _duplicate_classes),
    ],
)
def test_known_debt_only_shrinks(listing: str, scan: object) -> None:
    assert callable(scan)
    found, known = scan(), _debt(listing)
    assert sorted(found - known) == [], f"new entries for {listing}: fix them instead"
    assert sorted(known - found) == [], f"fixed: delete these lines from {listing}"


def test_the_debt_scans_see_a_violation(tmp_path: Path) -> None:
    """A method of 61 lines is found by its qualname; one of 60 is not. A class name
    defined in two packages' modules is a duplicate; defined once, it is not."""
    (tmp_path / "engine.py").write_text("class ScreenVerdict:\n    pass\nclass Unique:\n    pass\n")
    (tmp_path / "proposers.py").write_text("class Outer:\n    class ScreenVerdict:\n        pass\n")
    assert _duplicate_classes_in(sorted(tmp_path.glob("*.py"))) == {"ScreenVerdict"}
    assert {"search_space", "evaluators", "rsi"} == {
        p.relative_to(ROOT).parts[0] for p in _scanned_modules()
    }
    module = tmp_path / "long.py"
    lines = ["class Engine:", "    def run(self):", *[f"        x = {i}" for i in range(60)]]
    lines += ["    def ok(self):", *[f"        y = {i}" for i in range(59)]]
    module.write_text("\n".join(lines) + "\n")
    assert _long_functions_in(module) == {"Engine.run"}


# Folders of tests/ that mirror no package: helpers, data, hostile suites, whole-search flows.
TEST_TREE_EXTRAS = {"support", "fixtures", "adversarial", "e2e"}


def test_the_test_tree_mirrors_the_code() -> None:
    """tests/<package>/.../test_<module>.py: every folder of module tests is a package of the
    code, so a module's tests are found where its source is."""
    tests = ROOT / "tests"
    strays = []
    for path in tests.rglob("test_*.py"):
        folder = path.parent.relative_to(tests)
        if folder.parts and folder.parts[0] in TEST_TREE_EXTRAS:
            continue
        mirrors_a_package = bool(folder.parts) and (ROOT / folder / "__init__.py").exists()
        if not mirrors_a_package and path.name != "test_architecture.py":
            strays.append(path.relative_to(tests).as_posix())
    assert strays == [], "put these under tests/<package>/ (or tests/e2e/ for whole flows)"


def test_test_modules_share_helpers_only_through_support() -> None:
    """A helper two test modules need lives in tests/support/, never in one of them or in
    conftest.py (which pytest may import twice); only this file reads conftest's lists."""
    tests = ROOT / "tests"
    offenders = [
        f"{path.relative_to(tests).as_posix()} imports {name}"
        for path in tests.rglob("*.py")
        if "fixtures" not in path.relative_to(tests).parts
        for name in _imports(path)
        if name.startswith("tests.") and not name.startswith("tests.support")
        if (name, path.name) != ("tests.conftest", "test_architecture.py")
    ]
    assert offenders == []


def test_the_suite_lists_name_modules_that_exist() -> None:
    """tests/conftest.py's fast, serial and waiting lists name modules by path: a renamed
    module must not silently drop out of `make test-fast` or the second pass's lanes."""
    from tests.conftest import FAST_MODULES, SERIAL_LANES, WAITING_MODULES

    listed = FAST_MODULES | set(SERIAL_LANES) | WAITING_MODULES
    missing = sorted(m for m in listed if not (ROOT / "tests" / m).exists())
    assert missing == []


class _Options:
    def __init__(self, lanes: bool) -> None:
        self.lanes = lanes

    def getoption(self, name: str) -> bool:
        assert name == "lanes"
        return self.lanes


def test_the_second_pass_collects_its_lanes_modules_and_no_other() -> None:
    """`--lanes` (make test's second pass) keeps exactly the serial and waiting modules;
    without it nothing is skipped here (tests/conftest.py's globs leave out test data)."""
    from tests.conftest import SERIAL_LANES, WAITING_MODULES, pytest_ignore_collect

    tests = ROOT / "tests"
    modules = [p for p in tests.rglob("test_*.py") if "fixtures" not in p.parts]

    def kept(lanes: bool) -> set[str]:
        options = _Options(lanes)
        return {
            p.relative_to(tests).as_posix()
            for p in modules
            if not pytest_ignore_collect(p, options)  # type: ignore[arg-type]
        }

    in_lanes = set(SERIAL_LANES) | WAITING_MODULES
    assert kept(lanes=True) == in_lanes
    assert kept(lanes=False) == {p.relative_to(tests).as_posix() for p in modules}
    assert pytest_ignore_collect(tests / "rsi", _Options(True)) is None  # folders are walked


MAX_MODULE_LINES = 400


def test_no_module_is_over_400_lines() -> None:
    """Small, single-purpose modules: one over the limit is split, not listed."""
    long_modules = [
        f"{path.relative_to(ROOT).as_posix()} ({lines} lines)"
        for package in ("search_space", "evaluators", "rsi")
        for path in _modules(package)
        if (lines := len(path.read_text().splitlines())) > MAX_MODULE_LINES
    ]
    assert long_modules == []


# The evaluators surface (issue 48 item 3). Code outside `evaluators` that these rules cover:
SURFACE_CLIENTS = ("rsi", "experiments")


def _evaluators_imports(path: Path) -> list[tuple[str, str | None]]:
    """(module, name) for every import of `evaluators` in a file, type-checking and
    function-local ones included; name is None for `import evaluators.x`."""
    found: list[tuple[str, str | None]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(a.name, None) for a in node.names if a.name.split(".")[0] == "evaluators"]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found += [
                (node.module, alias.name)
                for alias in node.names
                if node.module.split(".")[0] == "evaluators"
            ]
    return found


def _surface_breaches(path: Path, home: str | None) -> list[str]:
    """Imports from `path` (in evaluators part `home`, or outside when None) that pass a
    part's surface: a module inside another part, or a name not in that part's `__all__`."""
    import evaluators

    breaches = []
    for module, name in _evaluators_imports(path):
        pieces = module.split(".")
        if len(pieces) > 1 and pieces[1] == home:
            continue  # inside its own part a module imports its siblings directly
        if len(pieces) > 2 or (len(pieces) == 2 and pieces[1] not in evaluators.__all__):
            breaches.append(f"{path.relative_to(ROOT)} imports {module}")
        elif len(pieces) == 1 and name is not None and name not in evaluators.__all__:
            breaches.append(f"{path.relative_to(ROOT)} imports evaluators.{name}")
        elif len(pieces) == 2 and name is not None:
            surface = getattr(importlib.import_module(module), "__all__", ())
            if name not in surface:
                breaches.append(f"{path.relative_to(ROOT)} imports {name} from {module}")
    return breaches


def test_evaluators_surface_loads_no_part() -> None:
    """`import evaluators` names its parts and loads none (rsi.cli imports it lazily)."""
    import subprocess
    import sys

    code = "import evaluators, sys; print(sorted(m for m in sys.modules if 'evaluators.' in m))"
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    import evaluators

    assert loaded.stdout.strip() == "[]"
    assert set(evaluators.__all__) == {p for p in EVALUATORS_ALLOWED if p != "__init__"}
    assert evaluators.tasks.TaskSet.__module__ == "evaluators.tasks.task_set"


def test_rsi_and_experiments_use_only_the_evaluators_surface() -> None:
    """From outside `evaluators`, an import names `evaluators` or one of its parts
    (`evaluators.tasks`), and only a name in that part's `__all__`; never a module inside
    a part (`evaluators.tasks.splits`) or a sub-package of one (`evaluators.runners.scripted`)."""
    breaches = [
        breach
        for client in SURFACE_CLIENTS
        for path in _modules(client)
        for breach in _surface_breaches(path, None)
    ]
    assert breaches == []


def test_evaluators_parts_meet_at_their_surface() -> None:
    """Inside `evaluators`, one part imports another only through its `__init__` and only
    the names in its `__all__`."""
    breaches = [
        breach
        for path in _modules("evaluators")
        for breach in _surface_breaches(path, _top_part(path)[1])
    ]
    assert breaches == []


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _import_graph(package: str) -> dict[str, set[str]]:
    """Module -> the modules of `package` it imports, type-checking and function-local
    imports included (`from a.b import c` counts `a.b.c` when c is a module)."""
    modules = {_module_name(path): path for path in _modules(package)}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        targets = set()
        for module, imported in _evaluators_imports(path) if package == "evaluators" else []:
            child = f"{module}.{imported}"
            targets.add(child if child in modules else module)
        graph[name] = {t for t in targets if t in modules and t != name}
    return graph


def test_no_import_circle_inside_evaluators() -> None:
    """No two modules of `evaluators` import each other, even through others, even only
    while type checking; and the parts' allowed imports draw no circle either."""
    assert _import_circles(_import_graph("evaluators")) == []
    parts = {part: deps - {part} for part, deps in EVALUATORS_ALLOWED.items() if part != "__init__"}
    assert _import_circles(parts) == []


def test_the_evaluators_surface_checks_see_a_violation(tmp_path: Path) -> None:
    """The surface and circle scans must find a breach, or the tests above prove nothing."""
    module = tmp_path / "bad.py"
    module.write_text(
        "from typing import TYPE_CHECKING\n"
        "from evaluators.tasks.splits import Role\n"
        "from evaluators.tasks import _load_any\n"
        "if TYPE_CHECKING:\n    from evaluators.runners.scripted import ScriptedRunner\n"
    )
    module = module.rename(ROOT / "tests" / f"_surface_probe_{tmp_path.name}.py")
    try:
        breaches = _surface_breaches(module, None)
    finally:
        module.unlink()
    assert [b.split(" imports ")[1] for b in breaches] == [
        "evaluators.tasks.splits",
        "_load_any from evaluators.tasks",
        "evaluators.runners.scripted",
    ]
    assert _import_circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
