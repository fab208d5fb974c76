"""The real-model lane's fixtures: one llama.cpp server for the session (SmolLM2-135M on the
CPU), a recording proxy in front of it per test, and the lane's config pointed at the proxy.

Collected only with RSI_REAL_MODEL=1 (`make test-real-model`); a missing server or model is
then a failure, never a skip.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.llama_server import LlamaServer
from tests.support.recording_proxy import RecordingProxy


@pytest.fixture(scope="session")
def llama(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LlamaServer]:
    log = tmp_path_factory.mktemp("llama") / "server.log"
    with LlamaServer(log=log) as server:
        yield server


@pytest.fixture
def proxy(llama: LlamaServer) -> Iterator[RecordingProxy]:
    with RecordingProxy(llama.base_url) as running:
        yield running
