"""Seeded slips of the scripted author: what an LLM author gets wrong now and then.

At noise level `p` (`[runner.scripted] noise`, 0 <= p <= 1) one task run of the scripted
author makes these slips, each drawn independently:

- an item it writes comes out broken (an undefined helper, so a `NameError`) with
  probability `p`; a repair or the review may notice and rewrite it;
- a requirement clause it has read is skipped in the first round with probability `p / 2`
  (a later round still targets it while no test of it fails);
- the review misses a real problem (an item that asserts an incidental detail, or a broken
  test) with probability `p`, and drops a good test it reads with probability `p / 2`.

The draws come from a generator keyed by (strategy id, task id, evaluation seed, repeat
index): the same key replays the same slips, so a journal stays deterministic and a resume
exact, while another seed or repeat draws anew. At `p == 0` no generator is made and no
random number is drawn, so outcomes are exactly those of the noiseless author.
"""

from __future__ import annotations

import hashlib
import random
import re
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field

_TEST_DEF = re.compile(r"^def test_\w+\(.*\)[^\n]*:[ \t]*\n(?P<indent>[ \t]+)", re.M)
BROKEN_LINE = "case = prepare_case()\n"  # prepare_case is defined nowhere: NameError


class ScriptedSettings(BaseModel):
    """`[runner.scripted]`: the scripted author's noise level (0, the default, is exact)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    noise: float = Field(default=0.0, ge=0.0, le=1.0)


@dataclass(frozen=True)
class NoiseKey:
    """What one task run's slips are keyed by."""

    strategy_id: str
    task_id: str
    seed: int
    repeat: int = 0

    def generator_seed(self) -> int:
        text = f"{self.strategy_id}\0{self.task_id}\0{self.seed}\0{self.repeat}"
        return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


class AuthorNoise:
    """The slips of one task run at level `level`; see the module docstring for the rates."""

    def __init__(self, level: float, key: NoiseKey) -> None:
        self.level = level
        self._rng = random.Random(key.generator_seed()) if level > 0 else None

    def _happens(self, probability: float) -> bool:
        if self._rng is None:
            return False
        return self._rng.random() < probability

    def writes_broken(self) -> bool:
        return self._happens(self.level)

    def skips_clause(self) -> bool:
        return self._happens(self.level / 2)

    def review_misses(self) -> bool:
        return self._happens(self.level)

    def review_drops_good(self) -> bool:
        return self._happens(self.level / 2)


def written_broken(source: str) -> str | None:
    """`source` with an undefined helper call as the test's first statement, or `None`
    when the test function cannot be found (the slip then does not happen)."""
    match = _TEST_DEF.search(source)
    if match is None:
        return None
    at = match.start("indent")
    return source[:at] + match.group("indent") + BROKEN_LINE + source[at:]
