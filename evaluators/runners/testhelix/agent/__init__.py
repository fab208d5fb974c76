"""Pairs as coding agents: a workspace with tools (`workspace`), one agent session per pair
(`loop`), K sessions at once within the task's shared concurrent calls (`pairs`)."""

from evaluators.runners.testhelix.agent.loop import TOOLS, AgentRun, PairAgent
from evaluators.runners.testhelix.agent.pairs import (
    develop_agent_pairs,
    harness_wall_s,
    suite_timeout_s,
)
from evaluators.runners.testhelix.agent.workspace import AgentWorkspace, ToolRefused

__all__ = [
    "TOOLS",
    "AgentRun",
    "AgentWorkspace",
    "PairAgent",
    "ToolRefused",
    "develop_agent_pairs",
    "harness_wall_s",
    "suite_timeout_s",
]
