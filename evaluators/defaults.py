"""Sandbox defaults the command line shows in its help (`rsi score`, `rsi tasks validate`,
`rsi sandbox bootstrap`), kept in a module of the standard library alone so that
`rsi --help` need not import the sandboxes; `evaluators.sandbox` re-exports them."""

DEFAULT_TIMEOUT_CAP_S = 180.0  # a suite's wall-clock cap, seconds
DEFAULT_IMAGE = "rsi-base:bookworm"  # the docker backend's image, built by `rsi sandbox bootstrap`

__all__ = ["DEFAULT_IMAGE", "DEFAULT_TIMEOUT_CAP_S"]
