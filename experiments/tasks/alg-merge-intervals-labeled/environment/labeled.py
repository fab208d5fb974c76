"""Merge labelled closed intervals."""


def merge_labeled(intervals):
    """Merge ``(start, end, label)`` triples; see the task instruction."""
    raise NotImplementedError("merge_labeled is not implemented yet")
