"""Column layout computed column by column with zip_longest."""

from itertools import zip_longest


def _centre(text, width):
    extra = width - len(text)
    return " " * (extra // 2) + text + " " * (extra - extra // 2)


ALIGNERS = {"l": str.ljust, "r": str.rjust, "c": _centre}


def layout(rows, align, gap=2):
    if any(ch not in ALIGNERS for ch in align):
        raise ValueError("align may only contain l, r and c")
    if gap < 1:
        raise ValueError("gap too small")
    if not rows:
        return []
    columns = list(zip_longest(*rows, fillvalue=""))
    padded_columns = []
    for index, column in enumerate(columns):
        if any("\n" in cell for cell in column):
            raise ValueError("multi-line cell")
        code = align[index] if index < len(align) else (align[-1] if align else "l")
        width = max(len(cell) for cell in column)
        padded_columns.append([ALIGNERS[code](cell, width) for cell in column])
    joiner = " " * gap
    return [joiner.join(cells).rstrip(" ") for cells in zip(*padded_columns)]
