"""Ranked bars with a Chart class and exact fractions for the scaling."""

import math
from fractions import Fraction


class Chart:
    def __init__(self, data, width, label_width):
        self.data = dict(data)
        self.width = width
        self.label_width = label_width

    def validate(self):
        for label, value in self.data.items():
            if value is True or value is False or not isinstance(value, int):
                raise TypeError(f"non-integer value under {label}")
            if value < 0:
                raise ValueError(f"{label} is below zero")

    def order(self):
        return sorted(self.data, key=lambda label: (-self.data[label], label))

    def bar(self, value):
        most = max(self.data.values())
        if most == 0:
            return ""
        return "=" * math.floor(Fraction(value * self.width, most))

    def field(self, label):
        w = self.label_width
        return (label[: w - 1] + "~") if len(label) > w else label + " " * (w - len(label))

    def line(self, label):
        value = self.data[label]
        bar = self.bar(value)
        return f"{self.field(label)} {bar} {value}" if bar else f"{self.field(label)} {value}"


def rank_bars(data, width=30, top=None, label_width=12):
    if width < 1 or label_width < 2:
        raise ValueError("width and label_width are too small")
    if top is not None and top < 1:
        raise ValueError("top must be at least 1")
    chart = Chart(data, width, label_width)
    chart.validate()
    order = chart.order()
    shown = order if top is None else order[:top]
    lines = [chart.line(label) for label in shown]
    if len(order) > len(shown):
        lines.append(f"... and {len(order) - len(shown)} more")
    return "\n".join(lines)
