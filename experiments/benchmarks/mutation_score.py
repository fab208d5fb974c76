"""Per-module mutation scores from a finished `mutmut run` (`make mutation`).

Reads mutmut's own results (`mutants/<module>.meta`, one exit code per mutant) for every
module in `[tool.mutmut] only_mutate`, and the surviving mutants we judged equivalent
(`results/mutation_equivalents.md`, one `- \\`mutant name\\`: reason` line each). Prints, per
module: mutants, killed (a test failed or timed out), survived, equivalent, and two scores:
`raw` = killed / mutants and `net` = killed / (mutants - equivalent). Survivors not listed as
equivalent are printed by name so they can be killed or judged.

Run from the repository root after `mutmut run`; exits 1 if a module's net score is below
--target (default 0.85) or mutmut left mutants unchecked.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections import Counter
from dataclasses import dataclass
from datetime import datetime, timezone
from importlib.metadata import version
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[2]
EQUIVALENTS = ROOT / "experiments/benchmarks/results/mutation_equivalents.md"
# mutmut 3's exit-code convention (mutmut/stats.py): 1 and 3 are kills, the SIGXCPU and 36
# codes are timeouts (a mutant that hangs a test is detected too), 0 is a survivor.
KILLED = {1, 3}
TIMEOUT = {36, 24, -24, 152, 255}
SURVIVED = {0}
_LISTED = re.compile(r"^- `([^`]+)`")


@dataclass(frozen=True)
class ModuleScore:
    module: str
    total: int
    killed: int
    timeout: int
    survived: list[str]
    equivalent: list[str]
    other: Counter[str]

    @property
    def detected(self) -> int:
        return self.killed + self.timeout

    @property
    def raw(self) -> float:
        return self.detected / self.total if self.total else 0.0

    @property
    def net(self) -> float:
        judged = self.total - len(self.equivalent)
        return self.detected / judged if judged else 1.0


def _status(code: int | None) -> str:
    if code is None:
        return "not checked"
    if code in KILLED:
        return "killed"
    if code in TIMEOUT:
        return "timeout"
    if code in SURVIVED:
        return "survived"
    return {5: "no tests", 33: "no tests", 34: "skipped", 37: "type check"}.get(
        code, f"exit {code}"
    )


def listed_equivalents(path: Path = EQUIVALENTS) -> set[str]:
    if not path.is_file():
        return set()
    return {m.group(1) for line in path.read_text().splitlines() if (m := _LISTED.match(line))}


def score_module(module: str, equivalents: set[str], mutants_dir: Path) -> ModuleScore:
    meta = mutants_dir / f"{module}.meta"
    if not meta.is_file():
        raise SystemExit(f"{meta}: no mutmut results for {module}; run `make mutation` first")
    codes: dict[str, int | None] = json.loads(meta.read_text())["exit_code_by_key"]
    statuses = {name: _status(code) for name, code in codes.items()}
    counts = Counter(statuses.values())
    survived = sorted(n for n, s in statuses.items() if s == "survived")
    other = Counter({s: c for s, c in counts.items() if s not in {"killed", "timeout", "survived"}})
    return ModuleScore(
        module=module,
        total=len(codes),
        killed=counts["killed"],
        timeout=counts["timeout"],
        survived=survived,
        equivalent=[n for n in survived if n in equivalents],
        other=other,
    )


STARTED = ROOT / ".venv" / ".mutation_started"  # `make mutation` writes its start time here


def run_header(mutants_dir: Path) -> str:
    """The run's date (UTC) and its wall time: from `make mutation`'s start to the last
    result mutmut saved."""
    finished = max(p.stat().st_mtime for p in mutants_dir.rglob("*.meta"))
    day = datetime.fromtimestamp(finished, tz=timezone.utc).date().isoformat()
    jobs = os.environ.get("MUTATION_JOBS", "?")
    header = f"# make mutation, {day}, --max-children {jobs}"
    if not STARTED.is_file():
        return header
    minutes, seconds = divmod(round(finished - float(STARTED.read_text())), 60)
    return f"{header}: {minutes} min {seconds} s"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", type=float, default=0.85)
    parser.add_argument("--mutants", type=Path, default=ROOT / "mutants")
    args = parser.parse_args()
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mutmut"]
    equivalents = listed_equivalents()
    scores = [score_module(m, equivalents, args.mutants) for m in config["only_mutate"]]
    examples = os.environ.get("RSI_HYPOTHESIS_MAX_EXAMPLES", "300 (default)")
    print(run_header(args.mutants))
    print(f"mutmut {version('mutmut')}; hypothesis examples per property: {examples}")
    print(f"tests: {' '.join(config['pytest_add_cli_args_test_selection'])}\n")
    header = f"{'module':<26} {'mutants':>7} {'killed':>6} {'timeout':>7} {'survived':>8}"
    print(f"{header} {'equiv':>5} {'raw':>6} {'net':>6}")
    for s in scores:
        print(
            f"{s.module:<26} {s.total:>7} {s.killed:>6} {s.timeout:>7} {len(s.survived):>8} "
            f"{len(s.equivalent):>5} {s.raw:>6.1%} {s.net:>6.1%}"
        )
    total = sum(s.total for s in scores)
    detected = sum(s.detected for s in scores)
    equivalent = sum(len(s.equivalent) for s in scores)
    print(
        f"{'all':<26} {total:>7} {detected:>6} {'':>7} {total - detected:>8} {equivalent:>5} "
        f"{detected / total:>6.1%} {detected / (total - equivalent):>6.1%}"
    )
    print("\nraw = (killed + timeout) / mutants; net = the same over mutants not listed as")
    print(f"equivalent in {EQUIVALENTS.relative_to(ROOT)}; target net >= {args.target:.0%}.")
    failed = False
    for s in scores:
        unjudged = [n for n in s.survived if n not in equivalents]
        if unjudged:
            print(f"\n{s.module}: {len(unjudged)} survivor(s) neither killed nor judged:")
            for name in unjudged:
                print(f"  {name}")
        if s.other:
            print(f"\n{s.module}: {dict(s.other)}")
            failed = True
        failed = failed or s.net < args.target
    stale = equivalents - {n for s in scores for n in s.survived}
    if stale:
        print(f"\nlisted as equivalent but not surviving (killed, or gone): {sorted(stale)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
