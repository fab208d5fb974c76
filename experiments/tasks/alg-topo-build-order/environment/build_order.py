"""Order packages so that dependencies are built first."""


class MissingDependencyError(LookupError):
    """A package depends on a package that is not in ``deps``."""

    def __init__(self, package, dependency):
        super().__init__(f"{package!r} depends on unknown package {dependency!r}")
        self.package = package
        self.dependency = dependency


class CycleError(ValueError):
    """The dependencies contain a cycle, listed in ``cycle``."""

    def __init__(self, cycle):
        super().__init__("dependency cycle: " + " -> ".join(cycle))
        self.cycle = cycle


def build_order(deps, target=None):
    """Return the packages of ``deps`` (or of ``target``'s closure) in build order."""
    raise NotImplementedError("build_order is not implemented yet")
