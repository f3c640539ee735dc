"""The API's isolation properties (tests/api/test_api_isolation.py) on two Kafka workers: tenants
sharing user ids (any printable characters) never see, write, forget, audit or stream each other's
data, whichever worker owns the subject; a read-only key cannot write or forget and changes nothing."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "api"))
from kafka_api import cluster  # noqa: E402
from kafka_harness import kafka_settings  # noqa: E402
from test_api_isolation import (  # noqa: E402,F401  (collected here, run against the workers)
    test_a_read_only_key_cannot_write_or_forget_and_changes_nothing,
    test_a_tenants_key_never_touches_another_tenants_data,
)

pytestmark = pytest.mark.kafka


@pytest.fixture(scope="module")
def api(broker, tmp_path_factory):
    yield from cluster(kafka_settings(broker), tmp_path_factory.mktemp("kafka-isolation"), 2)
