"""Render rows as a GitHub-flavoured Markdown table."""


def to_markdown(headers, rows, align=None):
    """Return the Markdown table as lines joined by newlines."""
    raise NotImplementedError("to_markdown is not implemented yet")
