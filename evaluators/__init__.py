"""How a strategy is run and judged: tasks, sandboxes, runners, judge, metrics.

Imports `search_space` only, never `rsi`.
"""
