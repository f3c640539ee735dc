"""scripts/kafka-local: a real KRaft broker that answers metadata requests, and `stop` ends only the
broker its own directory started."""
from __future__ import annotations

import asyncio
import os
import subprocess

import pytest
from kafka_harness import KAFKA_LOCAL, Broker

pytestmark = pytest.mark.kafka


def _metadata_round_trip(bootstrap: str) -> list[str]:
    from aiokafka.admin import AIOKafkaAdminClient

    async def go() -> list[str]:
        admin = AIOKafkaAdminClient(bootstrap_servers=bootstrap)
        await admin.start()
        try:
            return await admin.list_topics()
        finally:
            await admin.close()
    return asyncio.run(go())


def test_start_status_and_stop_only_its_own_broker(broker, tmp_path):
    second = Broker(tmp_path / "second")
    bootstrap = second.start()
    assert bootstrap.startswith("127.0.0.1:") and bootstrap != broker
    assert isinstance(_metadata_round_trip(bootstrap), list)
    env = {**os.environ, "MEMSTREAM_KAFKA_DIR": str(second.dir)}
    status = subprocess.run([str(KAFKA_LOCAL), "status"], env=env, capture_output=True, text=True)
    assert status.returncode == 0 and status.stdout.strip() == bootstrap
    assert second.start() == bootstrap  # starting a running broker is a no-op
    second.stop()
    status = subprocess.run([str(KAFKA_LOCAL), "status"], env=env, capture_output=True, text=True)
    assert status.returncode == 1
    # The session's broker is untouched.
    assert isinstance(_metadata_round_trip(broker), list)
