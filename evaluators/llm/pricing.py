"""What model usage costs: prices per model, and a money ledger with caps per scope.

- `price_of(settings)` is the `[llm]` table's `price_per_mtok_in/out` when given, else
  litellm's bundled model price map (the JSON file litellm itself reads with
  `LITELLM_LOCAL_MODEL_COST_MAP=True`, read here without importing litellm, so pricing is
  instant and offline), else None: an unpriced model is reported as such, never guessed.
- A model string is looked up as given (`anthropic/claude-opus-4-6`), then by its name
  alone where the map's entry belongs to the same provider (`claude-opus-4-6`).
- Prompt caching (prompt_cache.py): `Price` also carries the rates of input tokens read
  from and written to the provider's cache (`cache_read_input_token_cost` and
  `cache_creation_input_token_cost` in the map; `[llm] price_per_mtok_cached_in` and
  `price_per_mtok_cache_write` in the config). A rate that neither gives is None, named
  by `unpriced_rates()` wherever dollars are shown, and its tokens are counted at the
  input rate: the most a cache read costs, the least a cache write does (the bill says so).
- A reservation (`usd_at_most`) counts every input token at the highest input rate the
  price knows (a cache write's, above the input rate on Anthropic), so it never falls
  short of what the reply's usage settles at.
- `MoneyLedger` holds dollars spent and reserved per scope (`generator`, `optimizer`)
  against a total cap and per-scope caps. `reserve` runs before the work it pays for and
  raises `CapReached("usd", ...)` when the reservation would cross a cap; `settle`
  replaces the reservation by what was spent. A caller reserves the most the work may cost
  (a task at its caps, a call at its reserved tokens), so a cap is never crossed.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict

from evaluators.llm.meter import CapReached, LlmUsage
from evaluators.llm.settings import LlmSettings

PRICE_MAP_FILE = "model_prices_and_context_window_backup.json"
SCOPES = ("generator", "optimizer")


class Price(BaseModel):
    """US dollars per million input and output tokens of one model, and where from; the
    cache rates are None where unpriced (their tokens then count at the input rate)."""

    model_config = ConfigDict(frozen=True)

    model: str
    usd_per_mtok_in: float
    usd_per_mtok_out: float
    source: Literal["litellm", "config"]
    usd_per_mtok_cached_in: float | None = None
    usd_per_mtok_cache_write: float | None = None

    def usd(
        self,
        input_tokens: float,
        output_tokens: float,
        cache_read: float = 0.0,
        cache_write: float = 0.0,
    ) -> float:
        """Dollars of `input_tokens` (every input token, `cache_read` and `cache_write` of
        them read from and written to the prompt cache) and `output_tokens`."""
        fresh = max(input_tokens - cache_read - cache_write, 0.0)
        read_rate = self.usd_per_mtok_cached_in
        write_rate = self.usd_per_mtok_cache_write
        micro = (
            fresh * self.usd_per_mtok_in
            + cache_read * (self.usd_per_mtok_in if read_rate is None else read_rate)
            + cache_write * (self.usd_per_mtok_in if write_rate is None else write_rate)
            + output_tokens * self.usd_per_mtok_out
        )
        return micro / 1e6

    def bill(self, usage: LlmUsage) -> float:
        """Dollars of one usage record, at its cache split."""
        return self.usd(
            usage.input_tokens,
            usage.output_tokens,
            usage.cache_read_input_tokens,
            usage.cache_write_input_tokens,
        )

    def usd_at_most(self, input_tokens: float, output_tokens: float) -> float:
        """The most `input_tokens` and `output_tokens` can cost, whatever the cache does."""
        rates = [self.usd_per_mtok_in, self.usd_per_mtok_cache_write or 0.0]
        return (input_tokens * max(rates) + output_tokens * self.usd_per_mtok_out) / 1e6

    def unpriced_rates(self) -> tuple[str, ...]:
        """The cache rates this price lacks ("cache read", "cache write")."""
        names = (("cache read", self.usd_per_mtok_cached_in),
                 ("cache write", self.usd_per_mtok_cache_write))  # fmt: skip
        return tuple(name for name, rate in names if rate is None)


@functools.cache
def _price_map() -> dict[str, dict[str, object]]:
    spec = importlib.util.find_spec("litellm")
    if spec is None or spec.origin is None:  # pragma: no cover - litellm is a dependency
        return {}
    path = Path(spec.origin).parent / PRICE_MAP_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):  # pragma: no cover - a broken install prices nothing
        return {}
    return {k: v for k, v in data.items() if isinstance(v, dict)}


def litellm_price(model: str) -> Price | None:
    """The bundled map's price of a `provider/name` model string, or None."""
    table = _price_map()
    provider, _, name = model.partition("/")
    entry = table.get(model)
    if entry is None and name:
        candidate = table.get(name)
        if candidate is not None and candidate.get("litellm_provider") == provider:
            entry = candidate
    if entry is None:
        return None
    cost_in, cost_out = entry.get("input_cost_per_token"), entry.get("output_cost_per_token")
    if not isinstance(cost_in, (int, float)) or not isinstance(cost_out, (int, float)):
        return None
    return Price(
        model=model,
        usd_per_mtok_in=round(cost_in * 1e6, 6),
        usd_per_mtok_out=round(cost_out * 1e6, 6),
        source="litellm",
        usd_per_mtok_cached_in=_per_mtok(entry.get("cache_read_input_token_cost")),
        usd_per_mtok_cache_write=_per_mtok(entry.get("cache_creation_input_token_cost")),
    )


def _per_mtok(cost: object) -> float | None:
    return round(cost * 1e6, 6) if isinstance(cost, (int, float)) else None


def price_of(settings: LlmSettings) -> Price | None:
    """The price of `settings.model`: the config's override, litellm's map, or None. The
    config's cache rates replace the map's where given (each on its own)."""
    price = litellm_price(settings.model)
    if settings.price_per_mtok_in is not None and settings.price_per_mtok_out is not None:
        price = Price(
            model=settings.model,
            usd_per_mtok_in=settings.price_per_mtok_in,
            usd_per_mtok_out=settings.price_per_mtok_out,
            source="config",
        )
    if price is None:
        return None
    rates = {
        "usd_per_mtok_cached_in": settings.price_per_mtok_cached_in,
        "usd_per_mtok_cache_write": settings.price_per_mtok_cache_write,
    }
    return price.model_copy(update={k: v for k, v in rates.items() if v is not None})


class MoneyCaps(BaseModel):
    """Dollar caps: `total` over every scope, `scopes` per scope; None is unlimited."""

    model_config = ConfigDict(frozen=True)

    total: float | None = None
    scopes: Mapping[str, float | None] = {}


class MoneyLedger:
    """Dollars spent and reserved per scope, against `MoneyCaps`; thread-safe."""

    def __init__(self, caps: MoneyCaps, spent: Mapping[str, float] | None = None) -> None:
        self.caps = caps
        self._lock = threading.Lock()
        self._spent = {scope: 0.0 for scope in SCOPES} | dict(spent or {})
        self._reserved = {scope: 0.0 for scope in self._spent}

    def spent(self) -> dict[str, float]:
        with self._lock:
            return dict(self._spent)

    def check(self, scope: str, usd: float) -> str | None:
        """Why reserving `usd` more in `scope` would cross a cap (one line), or None."""
        with self._lock:
            return self._crossed(scope, usd)

    def reserve(self, scope: str, usd: float) -> None:
        """Hold `usd` in `scope`, or raise `CapReached("usd", scope, detail)`."""
        with self._lock:
            crossed = self._crossed(scope, usd)
            if crossed is not None:
                raise CapReached("usd", scope, crossed)
            self._reserved[scope] = self._reserved.get(scope, 0.0) + usd

    def settle(self, scope: str, reserved: float, spent: float) -> None:
        """Release a reservation and count what the work really cost."""
        with self._lock:
            self._reserved[scope] = max(0.0, self._reserved.get(scope, 0.0) - reserved)
            self._spent[scope] = self._spent.get(scope, 0.0) + spent

    def _crossed(self, scope: str, usd: float) -> str | None:
        held = {s: self._spent.get(s, 0.0) + self._reserved.get(s, 0.0) for s in self._spent}
        held.setdefault(scope, 0.0)
        limits = [(f"{scope}_usd", self.caps.scopes.get(scope), held[scope])]
        limits.append(("max_usd", self.caps.total, sum(held.values())))
        for name, cap, used in limits:
            if cap is not None and used + usd > cap + 1e-9:
                return (
                    f"money budget {name} ${cap:,.2f} reached: ${used:,.2f} spent or held, "
                    f"the next {scope} work may cost up to ${usd:,.2f}"
                )
        return None


class ScopeCharge:
    """A meter's `Charge`: its calls priced at `price`, held on `ledger` under `scope`."""

    def __init__(self, ledger: MoneyLedger, price: Price, scope: str) -> None:
        self.ledger, self.price, self.scope = ledger, price, scope

    def reserve(self, input_tokens: int, output_tokens: int) -> float:
        usd = self.price.usd_at_most(input_tokens, output_tokens)
        self.ledger.reserve(self.scope, usd)
        return usd

    def settle(self, reserved_usd: float, usage: LlmUsage) -> None:
        self.ledger.settle(self.scope, reserved_usd, self.price.bill(usage))
