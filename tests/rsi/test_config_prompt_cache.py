"""`[llm] prompt_cache` and the cache rates change the bill, never what a search decides:
a resume may change them (the fingerprint leaves them out), and the optimizer's section
takes the same rates for its own model."""

from __future__ import annotations

from pathlib import Path

from rsi.config import load_config
from tests.support.search_fixtures import write_k3_config

LLM = 'api_key_env = "ANTHROPIC_API_KEY"'


def test_caching_and_cache_rates_leave_the_fingerprint_alone(tmp_path: Path) -> None:
    plain = load_config(write_k3_config(tmp_path / "a"))
    extra = "\nprompt_cache = false\nprice_per_mtok_cached_in = 0.4\nprice_per_mtok_cache_write = 7"
    changed = load_config(write_k3_config(tmp_path / "b", replace={LLM: LLM + extra}))
    assert changed.llm is not None and not changed.llm.prompt_cache
    assert changed.fingerprint() == plain.fingerprint()
    hotter = {"temperature = 0.0": "temperature = 0.5"}
    other = load_config(write_k3_config(tmp_path / "c", replace=hotter))
    assert other.fingerprint() != plain.fingerprint()  # what a search decides still counts


def test_the_optimizer_section_prices_its_own_cache(tmp_path: Path) -> None:
    section = "[proposers.reflective]    # Table 11: three agent sessions, session 0 enabled"
    rates = "\nprice_per_mtok_cached_in = 0.3\nprice_per_mtok_cache_write = 4.0"
    config = load_config(write_k3_config(tmp_path, replace={section: section + rates}))
    optimizer = config.optimizer_llm()
    assert optimizer is not None
    assert (optimizer.price_per_mtok_cached_in, optimizer.price_per_mtok_cache_write) == (0.3, 4.0)
