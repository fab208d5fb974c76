"""The TestHelix LLM harness (paper Section 3; docs/design.md section 6).

Public surface: `TestHelixRunner` (a `Runner`), `HarnessSettings` (`[runner.testhelix]`),
`Ask`/`Answer` (what the harness needs of a model), `TaskModels` (a metered model session
per task) and `LlmTaskModels`, its default on `evaluators.llm`. Phases, one module each:
`synthesis` (planning, K pairs, internal consistency), `cross_validation` (cross-execution,
review, feedback, differential challenge), `selection` (single, random submission, witness
support and merging). Prompts are the versioned files in `prompts/`. Never imports rsi.
"""

from evaluators.runners.harness_settings import HarnessSettings
from evaluators.runners.testhelix.agent import ToolRefused
from evaluators.runners.testhelix.llm_port import LlmTaskModels
from evaluators.runners.testhelix.model import Answer, Ask, HarnessStopped
from evaluators.runners.testhelix.runner import TaskLlm, TaskModels, TestHelixRunner

__all__ = [
    "Answer",
    "Ask",
    "HarnessSettings",
    "HarnessStopped",
    "LlmTaskModels",
    "TaskLlm",
    "TaskModels",
    "TestHelixRunner",
    "ToolRefused",
]
