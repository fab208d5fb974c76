"""A tiny key-value store kept in a file."""

import sys


def load(path):
    """Return the stored mapping (empty when the file does not exist)."""
    raise NotImplementedError


def save(path, data):
    """Write the mapping so that the next invocation can load it."""
    raise NotImplementedError


def main(argv):
    raise NotImplementedError("kv.py is not written yet")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
