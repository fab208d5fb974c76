"""The mutable search space: which fields an edit may touch and to which values (Table 12)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, model_validator

from search_space.schema import PROSE_FIELDS, SCALAR_BOUNDS, SCALAR_FIELDS

PAPER_RANGES: dict[str, tuple[int, ...]] = {
    "maxRounds": (2, 3),
    "agentSteps": (10, 12, 14, 16),
    "repairSteps": (3, 5, 7),
    "contextTokens": (16000, 18000, 24000, 32000),
    "toolOutputChars": (8000, 10000, 14000),
    "reviewMaxOutputTokens": (2048, 4096),
}
PAPER_FROZEN: tuple[str, ...] = ("initialCandidates", "maxCandidates")


class SearchSpace(BaseModel):
    """Allowed values per scalar field plus the frozen fields.

    Defaults are the paper's. A config may override `ranges` (values must stay inside the
    schema bounds) and `frozen`. Guidance, lessons and routes are mutable unless frozen.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    ranges: dict[str, tuple[int, ...]] = Field(default_factory=lambda: dict(PAPER_RANGES))
    frozen: tuple[str, ...] = PAPER_FROZEN

    @model_validator(mode="after")
    def _consistent(self) -> SearchSpace:
        for field, values in self.ranges.items():
            if field not in SCALAR_BOUNDS:
                raise ValueError(f"ranges: {field!r} is not a scalar strategy field")
            if not values:
                raise ValueError(f"ranges.{field}: needs at least one value")
            low, high = SCALAR_BOUNDS[field][1:]
            bad = [v for v in values if not low <= v <= high]
            if bad:
                raise ValueError(f"ranges.{field}: {bad[0]} is outside {low}..{high}")
        for field in self.frozen:
            if field not in SCALAR_FIELDS and field not in PROSE_FIELDS:
                raise ValueError(f"frozen: {field!r} is not a strategy field")
            if field in self.ranges:
                raise ValueError(f"frozen: {field!r} also has a range")
        return self

    @property
    def mutable_scalars(self) -> tuple[str, ...]:
        return tuple(f for f in SCALAR_FIELDS if f in self.ranges and f not in self.frozen)

    @property
    def mutable_fields(self) -> tuple[str, ...]:
        prose = tuple(f for f in PROSE_FIELDS if f not in self.frozen)
        return prose + self.mutable_scalars

    def allowed_values(self, field: str) -> tuple[int, ...]:
        return tuple(sorted(self.ranges.get(field, ())))
