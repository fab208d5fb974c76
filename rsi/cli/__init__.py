"""The `rsi` command line (Typer).

Each command group lives in its own module under `rsi/cli/` and exposes
`register(app)`; add the module name to `COMMAND_MODULES` to mount it. User errors
(`UserInputError`) become one line on stderr and exit code 2, never a traceback.

A fast start: the command modules import, at the top, only what their help needs (typer,
the standard library, each other); what a command runs on (the engine, the journal,
optuna, docker, the reports, the model client) is imported when that command runs, so
`rsi --help` and a user error do not pay for it. `tests/rsi/cli/test_start.py` keeps it so.
"""

from __future__ import annotations

import importlib
import os
import sys

from rsi.cli.output import typer_app

# Set unless the environment says otherwise, before anything reads them.
OFFLINE_DEFAULTS = {
    "LITELLM_LOCAL_MODEL_COST_MAP": "True",
    "MLFLOW_DISABLE_TELEMETRY": "true",
    # rsi installs no pydantic plugin, and looking for one reads every installed
    # distribution's metadata (30 ms of each command's start); PYDANTIC_DISABLE_PLUGINS=
    # (empty) loads them.
    "PYDANTIC_DISABLE_PLUGINS": "__all__",
    # litellm fetches its Anthropic beta-headers config from the internet unless told to
    # read the copy it ships (litellm/anthropic_beta_headers_manager.py).
    "LITELLM_LOCAL_ANTHROPIC_BETA_HEADERS": "True",
}


def set_offline_defaults() -> None:
    """Set each of `OFFLINE_DEFAULTS` the environment does not set (done on import)."""
    for name, value in OFFLINE_DEFAULTS.items():
        os.environ.setdefault(name, value)


set_offline_defaults()

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
    "benchmark",
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


def _raised(module: str, name: str) -> type[Exception] | tuple[()]:
    """The error class `module.name` if that module was imported, else `()`, which matches
    nothing: no module, nothing raised from it, and matching (even `SystemExit` at a
    normal exit) imports nothing."""
    loaded = sys.modules.get(module)
    return getattr(loaded, name) if loaded is not None else ()


def main() -> None:
    """Console entry point."""
    try:
        app()
    except _raised("search_space.errors", "UserInputError") as error:
        print(f"error: {error}", file=sys.stderr)
        sys.exit(2)
    except _raised("rsi.journal.store", "JournalConflict") as error:  # a replay disagrees
        print(f"error: journal conflict: {error}", file=sys.stderr)
        sys.exit(1)
    except _raised("evaluators.runners.base", "RunnerAbort") as error:  # outside a search
        print(f"stopped: {error}", file=sys.stderr)  # (rsi evaluate): the same one line
        sys.exit(130)
