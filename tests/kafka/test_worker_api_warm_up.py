"""A worker's API builds the secret scanners (detect-secrets' plugins, the phone number matcher)
when it starts, before it can say it is ready, as `memstream serve` does: its first write that
needs them does not pay for building them (about a quarter of a second)."""
from __future__ import annotations

import pytest

from engine import redaction
from streams.kafka.api import KafkaService
from streams.kafka.worker import Worker

pytestmark = [pytest.mark.kafka, pytest.mark.asyncio]


async def test_the_scanners_are_built_when_the_api_starts(kcfg, tmp_path):
    redaction._detect_secrets = None  # as in a worker that has not scanned anything yet
    redaction._phones = None
    worker = Worker(tmp_path / "w", kcfg)

    async def started() -> None:
        return None

    service = KafkaService(worker, kcfg, ensure_started=started, owns=lambda p: True,
                           owner_url=lambda p: None, peers=lambda: [], self_url="http://127.0.0.1:1")
    await service.start()
    try:
        assert redaction._detect_secrets is not None and redaction._phones is not None
    finally:
        await service.stop()
