"""Check versions against Semantic Versioning ranges."""


def satisfies(version, spec):
    """Return True when ``version`` matches every comparator of ``spec``."""
    raise NotImplementedError("satisfies is not implemented yet")
