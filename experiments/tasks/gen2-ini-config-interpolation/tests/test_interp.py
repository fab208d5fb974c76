import copy

import pytest

from interp import InterpolationCycleError, InterpolationError, resolve


def test_same_and_cross_section_references():
    config = {
        "paths": {"home": "/srv", "logs": "${home}/logs"},
        "app": {"log_file": "${paths:logs}/app.log", "name": "demo"},
    }
    assert resolve(config) == {
        "paths": {"home": "/srv", "logs": "/srv/logs"},
        "app": {"log_file": "/srv/logs/app.log", "name": "demo"},
    }


def test_recursive_resolution_any_depth():
    config = {"s": {"a": "${b}-a", "b": "${c}-b", "c": "${d}-c", "d": "d"}}
    assert resolve(config)["s"]["a"] == "d-c-b-a"


def test_forward_and_backward_references():
    config = {"x": {"late": "${y:early}!"}, "y": {"early": "${x:plain}?"},
              "z": {}}
    config["x"]["plain"] = "p"
    assert resolve(config) == {"x": {"late": "p?!", "plain": "p"},
                               "y": {"early": "p?"}, "z": {}}


def test_dollar_rules():
    config = {"s": {"price": "$$5 and $6", "tpl": "$${name}", "name": "n",
                    "end": "50$", "dd": "$$$$"}}
    assert resolve(config)["s"] == {
        "price": "$5 and $6", "tpl": "${name}", "name": "n", "end": "50$", "dd": "$$",
    }


def test_substituted_text_not_rescanned():
    config = {"s": {"raw": "$${x}", "use": "<${raw}>", "x": "X"}}
    assert resolve(config)["s"]["use"] == "<${x}>"


@pytest.mark.parametrize("value, ref", [
    ("${nope}", "nope"), ("${db:host}", "db:host"), ("${s:missing}", "s:missing"),
])
def test_missing_references(value, ref):
    with pytest.raises(InterpolationError) as info:
        resolve({"s": {"k": value}, "db": {}})
    assert ref in str(info.value)
    assert isinstance(info.value, ValueError)


def test_cycle_chain():
    config = {"s": {"x": "${a}", "a": "1${b}", "b": "${t:c}"}, "t": {"c": "${s:a}"}}
    with pytest.raises(InterpolationCycleError) as info:
        resolve(config)
    assert info.value.chain == ["s:a", "s:b", "t:c", "s:a"]
    assert isinstance(info.value, InterpolationError)


def test_self_reference_cycle():
    with pytest.raises(InterpolationCycleError) as info:
        resolve({"s": {"a": "x${a}"}})
    assert info.value.chain == ["s:a", "s:a"]


def test_input_not_modified():
    config = {"s": {"a": "${b}", "b": "1"}, "t": {"c": "${s:a}"}}
    before = copy.deepcopy(config)
    result = resolve(config)
    assert config == before
    assert result["t"] is not config["t"]


@pytest.mark.parametrize("value", ["${open", "ok ${", "${a}${"])
def test_unterminated_reference(value):
    with pytest.raises(InterpolationError):
        resolve({"s": {"a": "1", "k": value}})
