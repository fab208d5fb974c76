"""A module the warm start's tests run as `python -m tests.support.warm_probe VERB ...`.

- `echo CODE ARGS...`: prints its working directory, `RSI_PROBE_VALUE` and argv, one line
  to stderr, and exits with CODE.
- `raise`: raises RuntimeError.
- `sleep MARKER`: writes its pid to MARKER, then sleeps until killed.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path


def main(verb: str, *args: str) -> None:
    if verb == "echo":
        print(f"cwd={os.getcwd()}")
        print(f"value={os.environ.get('RSI_PROBE_VALUE')}")
        print(f"argv={[verb, *args]}")
        print("to stderr", file=sys.stderr)
        sys.exit(int(args[0]))
    if verb == "raise":
        raise RuntimeError("the probe raised")
    if verb == "sleep":
        written = Path(args[0] + ".tmp")
        written.write_text(str(os.getpid()))
        written.replace(args[0])  # whole, or not there yet
        time.sleep(600)


if __name__ == "__main__":
    main(*sys.argv[1:])
