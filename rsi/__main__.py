"""`python -m rsi` runs the CLI."""

from rsi.cli import main

main()
