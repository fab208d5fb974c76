import pytest
from typedconf import ConfigError, parse_typed
from typedconf import parse_typed


def test_exact_contract_check():
    conf = parse_typed('[n]\na = 1_000\nb = ١٢\n')['n']
    assert conf == {'a': '1_000', 'b': '١٢'}
    with pytest.raises(ConfigError, match='^line 1: entry outside a section$'):
        parse_typed('k = v\n')
