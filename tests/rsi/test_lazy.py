"""`rsi.lazy.lazy_exports`: a package's names imported from their modules on first use."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture
def package(tmp_path: Path) -> Iterator[str]:
    """A package `lazypkg` exporting `VALUE` from `lazypkg.heavy` and `NAME`, `other` from
    `lazypkg.light`, lazily; each module counts its imports in `lazypkg.loads`."""
    root = tmp_path / "lazypkg"
    root.mkdir()
    (root / "__init__.py").write_text(
        "from rsi.lazy import lazy_exports\n"
        "loads = []\n"
        "__getattr__, __dir__ = lazy_exports(\n"
        "    __name__, {'lazypkg.heavy': ('VALUE',), 'lazypkg.light': ('NAME', 'other')}\n"
        ")\n"
    )
    for name, body in (("heavy", "VALUE = 42\n"), ("light", "NAME = 'n'\nother = 'o'\n")):
        (root / f"{name}.py").write_text(f"import lazypkg\nlazypkg.loads.append({name!r})\n{body}")
    sys.path.insert(0, str(tmp_path))
    try:
        yield "lazypkg"
    finally:
        sys.path.remove(str(tmp_path))
        for module in [m for m in sys.modules if m.split(".")[0] == "lazypkg"]:
            del sys.modules[module]


def test_a_name_is_imported_from_its_module_when_first_read_and_once(package: str) -> None:
    import lazypkg

    assert lazypkg.loads == []  # importing the package imported neither module
    assert lazypkg.NAME == "n" and lazypkg.loads == ["light"]
    assert lazypkg.other == "o" and lazypkg.NAME == "n"
    assert lazypkg.loads == ["light"]  # its module once, whatever is read from it
    assert vars(lazypkg)["NAME"] == "n"  # set on the package: read from there now
    from lazypkg import VALUE

    assert VALUE == 42 and lazypkg.loads == ["light", "heavy"]


def test_an_unknown_name_is_an_attribute_error_and_dir_lists_the_lazy_names(
    package: str,
) -> None:
    import lazypkg

    with pytest.raises(AttributeError, match="'lazypkg' has no attribute 'absent'"):
        lazypkg.absent  # noqa: B018 - the read is the test
    assert {"NAME", "VALUE", "other", "loads"} <= set(dir(lazypkg))
    assert lazypkg.loads == []  # listing imported nothing
