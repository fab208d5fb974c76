import itertools

import pytest

from semver_cmp import compare

CHAIN = ["1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2",
         "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0", "1.0.1", "1.2.0", "1.10.0", "2.0.0",
         "10.0.0"]


def test_core_compared_numerically():
    assert compare("1.10.0", "1.9.0") == 1
    assert compare("1.9.0", "1.10.0") == -1
    assert compare("2.0.0", "10.0.0") == -1
    assert compare("1.2.3", "1.2.3") == 0
    assert compare("0.0.9", "0.1.0") == -1


def test_prerelease_below_release():
    assert compare("1.0.0-alpha", "1.0.0") == -1
    assert compare("1.0.0", "1.0.0-alpha") == 1
    assert compare("1.0.0-rc.1", "0.9.9") == 1


def test_spec_precedence_chain():
    for (i, a), (j, b) in itertools.product(enumerate(CHAIN), repeat=2):
        assert compare(a, b) == (i > j) - (i < j), (a, b)


def test_mixed_identifiers():
    assert compare("1.0.0-1", "1.0.0-a") == -1
    assert compare("1.0.0-a-b", "1.0.0-a") == 1
    assert compare("1.0.0-B", "1.0.0-a") == -1


def test_build_metadata_ignored():
    assert compare("1.0.0+a", "1.0.0+b") == 0
    assert compare("1.0.0-rc.1+x", "1.0.0-rc.1") == 0
    assert compare("1.0.0+001", "1.0.0") == 0
    assert compare("1.0.1+a", "1.0.0+z") == 1


@pytest.mark.parametrize("bad", [
    "1.2", "1.2.3.4", "a.b.c", "1.2.x", "", "1.2.3-", "1.2.3+", "1.2.3-al!pha", "1.2.3-a..b",
    "01.2.3", "1.02.3", "1.2.03", "1.0.0-01", "1.0.0-rc.007", " 1.2.3", "v1.2.3",
])
def test_invalid_versions_raise(bad):
    with pytest.raises(ValueError):
        compare(bad, "1.0.0")
    with pytest.raises(ValueError):
        compare("1.0.0", bad)


def test_valid_edge_versions():
    assert compare("0.2.3", "0.2.3") == 0
    assert compare("1.0.0-0", "1.0.0-0a") == -1
    assert compare("1.0.0-x-y-z.--", "1.0.0-x-y-z.--") == 0
    assert compare("1.0.0+001.0", "1.0.0") == 0


@pytest.mark.parametrize("value", [1, None, (1, 0, 0), b"1.0.0"])
def test_non_str_raises_type_error(value):
    with pytest.raises(TypeError):
        compare(value, "1.0.0")
