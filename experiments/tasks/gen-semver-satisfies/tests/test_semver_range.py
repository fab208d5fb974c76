import pytest

from semver_range import satisfies


@pytest.mark.parametrize("version, spec, expected", [
    ("1.4.0", ">=1.2.0 <2.0.0", True), ("2.1.0", ">=1.2.0 <2.0.0", False),
    ("1.1.9", ">=1.2.0 <2.0.0", False), ("2.0.0", ">=1.2.0 <2.0.0", False),
    ("1.2.0", ">=1.2.0 <2.0.0", True), ("1.2.3", "1.2.3", True), ("1.2.4", "1.2.3", False),
    ("1.2.3", "=1.2.3", True), ("1.2.3", ">1.2.3", False), ("1.2.3", "<=1.2.3", True),
    ("1.2.3", "<1.2.3", False), ("3.0.0", ">1.0.0  <=3.0.0", True),
])
def test_comparators_all_must_hold(version, spec, expected):
    assert satisfies(version, spec) is expected


@pytest.mark.parametrize("version, spec, expected", [
    ("1.10.0", ">1.9.0", True), ("1.9.0", ">=1.10.0", False), ("10.0.0", ">9.0.0", True),
    ("1.2.0+b5", "=1.2.0", True), ("1.2.0", "=1.2.0+other", True),
    ("1.2.0+zzz", "<=1.2.0+aaa", True), ("1.0.0", ">1.0.0-rc.1", True),
])
def test_precedence(version, spec, expected):
    assert satisfies(version, spec) is expected


@pytest.mark.parametrize("version, spec, expected", [
    ("1.2.3", "^1.2.3", True), ("1.9.9", "^1.2.3", True), ("2.0.0", "^1.2.3", False),
    ("1.2.2", "^1.2.3", False), ("0.2.9", "^0.2.3", True), ("0.3.0", "^0.2.3", False),
    ("0.2.2", "^0.2.3", False), ("0.0.9", "^0.0.3", True), ("0.1.0", "^0.0.3", False),
])
def test_caret(version, spec, expected):
    assert satisfies(version, spec) is expected


@pytest.mark.parametrize("version, spec, expected", [
    ("1.2.3", "~1.2.3", True), ("1.2.9", "~1.2.3", True), ("1.3.0", "~1.2.3", False),
    ("1.2.2", "~1.2.3", False), ("0.1.5", "~0.1.0", True), ("0.2.0", "~0.1.0", False),
])
def test_tilde(version, spec, expected):
    assert satisfies(version, spec) is expected


@pytest.mark.parametrize("version, spec, expected", [
    ("1.3.0-beta", ">=1.2.0", False), ("1.3.0-beta.2", ">=1.3.0-beta.1", True),
    ("1.3.0-beta.2", ">=1.3.0-beta.1 <2.0.0", True), ("1.3.1-beta", ">=1.3.0-beta.1", False),
    ("1.2.3-beta.4", "^1.2.3-beta.2", True), ("1.2.4-beta", "^1.2.3-beta.2", False),
    ("1.2.3-alpha", "^1.2.3-beta.2", False), ("1.2.3-rc.1", "=1.2.3-rc.1", True),
    ("2.0.0-rc.1", "<2.0.0", False),
])
def test_prerelease_rules(version, spec, expected):
    assert satisfies(version, spec) is expected


@pytest.mark.parametrize("version, spec", [
    ("1.2", ">=1.0.0"), ("01.2.3", ">=1.0.0"), ("1.2.3", ""), ("1.2.3", "   "),
    ("1.2.3", "=>1.0.0"), ("1.2.3", "!1.0.0"), ("1.2.3", ">=1.0"), ("1.2.3", "^1.x.0"),
    ("1.2.3", ">=1.0.0 <2"),
])
def test_invalid_input_raises(version, spec):
    with pytest.raises(ValueError):
        satisfies(version, spec)
