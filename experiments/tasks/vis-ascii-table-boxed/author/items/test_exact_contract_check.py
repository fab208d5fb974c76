import pytest
from boxtable import render_box


def test_exact_contract_check():
    lines = render_box(['a', 'bbbb'], [['xx', 1]]).split('\n')
    bars = [i for i, ch in enumerate(lines[1]) if ch == '|']
    for border in (lines[0], lines[2], lines[-1]):
        assert [i for i, ch in enumerate(border) if ch == '+'] == bars
    assert len({len(line) for line in lines}) == 1
    with pytest.raises(ValueError, match='row 2 has 1 cells, expected 2'):
        render_box(['a', 'b'], [['x', 'y'], ['z']])
