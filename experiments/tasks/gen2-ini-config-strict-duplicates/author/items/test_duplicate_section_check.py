import pytest

from strictini import DuplicateSectionError, parse_strict


def test_duplicate_section_check():
    with pytest.raises(DuplicateSectionError) as info:
        parse_strict("[a]\nx = 1\n[a]\n")
    assert (info.value.lineno, info.value.first_lineno) == (3, 1)
