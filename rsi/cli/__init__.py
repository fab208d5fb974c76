"""The `rsi` command line (Typer).

Each command group lives in its own module under `rsi/cli/` and exposes
`register(app)`; add the module name to `COMMAND_MODULES` to mount it. User errors
(`UserInputError`) become one line on stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import importlib
import os
import sys

from evaluators.runners import RunnerAbort
from rsi.cli.output import typer_app
from rsi.journal import JournalConflict
from search_space import UserInputError

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
os.environ.setdefault("MLFLOW_DISABLE_TELEMETRY", "true")
# litellm fetches its Anthropic beta-headers config from the internet unless told to read
# the copy it ships (litellm/anthropic_beta_headers_manager.py).
os.environ.setdefault("LITELLM_LOCAL_ANTHROPIC_BETA_HEADERS", "True")

COMMAND_MODULES: tuple[str, ...] = (
    "strategy",
    "demo",
    "gate",
    "tasks",
    "tasks_split",
    "score",
    "search",
    "sandbox",
    "mlflow_cmd",
    "promote",
    "registry_get",
    "evaluate",
    "run_task",
    "report",
    "plan",
)

app = typer_app(
    name="rsi",
    help="Evolve TestHelix test-generation strategies and gate their release.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)

for _module in COMMAND_MODULES:
    importlib.import_module(f"rsi.cli.{_module}").register(app)


def main() -> None:
    """Console entry point."""
    try:
        app()
    except UserInputError as error:
        print(f"error: {error}", file=sys.stderr)
        sys.exit(2)
    except JournalConflict as error:  # a replayed step disagrees with the journal
        print(f"error: journal conflict: {error}", file=sys.stderr)
        sys.exit(1)
    except RunnerAbort as error:  # outside a search (rsi evaluate): the same one line
        print(f"stopped: {error}", file=sys.stderr)
        sys.exit(130)
