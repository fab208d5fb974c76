"""Interpolation of ${...} references between INI values."""


class InterpolationError(ValueError):
    """A reference cannot be resolved."""


class InterpolationCycleError(InterpolationError):
    """References form a cycle; `chain` lists it as "section:key" strings."""

    def __init__(self, chain):
        super().__init__("reference cycle: " + " -> ".join(chain))
        self.chain = chain


def resolve(config):
    """Return a copy of config with every ${key} and ${section:key} expanded."""
    raise NotImplementedError("resolve is not implemented yet")
