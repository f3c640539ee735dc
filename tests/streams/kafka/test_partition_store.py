"""A worker's store of one partition is a cache of the changelog: one that is damaged on disk is
rebuilt from the changelog (opened empty), never a reason for the worker to stop. No broker needed."""
from __future__ import annotations

import shutil

from conftest import make_turn
from streams.kafka.partition import PartitionStore


def _published_store(tmp_path):
    store = PartitionStore.open(tmp_path, 0)
    store.engine.ingest(make_turn("I am allergic to peanuts.", 1))
    store.engine.flush()
    store.published = store.rt.position()
    store.save()
    store.close()


def test_a_trusted_store_is_resumed(tmp_path):
    _published_store(tmp_path)
    store = PartitionStore.open(tmp_path, 0)
    try:
        assert store.resumed and store.rt.position() == store.published > 0
        assert store.engine.records("acme", "u1")
    finally:
        store.close()


def test_a_store_with_its_keys_gone_is_opened_empty_to_be_rebuilt(tmp_path):
    _published_store(tmp_path)
    shutil.rmtree(tmp_path / "partitions" / "0" / "engine" / "keys")
    store = PartitionStore.open(tmp_path, 0)
    try:
        assert not store.resumed and store.rt.position() == 0 and store.events_offset == 0
        assert store.engine.records("acme", "u1") == []
    finally:
        store.close()


def test_a_store_with_a_garbled_log_is_opened_empty_to_be_rebuilt(tmp_path):
    _published_store(tmp_path)
    log_dir = tmp_path / "partitions" / "0" / "engine" / "log"
    for f in log_dir.iterdir():
        if f.name.startswith("MANIFEST-"):
            f.write_bytes(b"\x00garbage" * 64)
    store = PartitionStore.open(tmp_path, 0)
    try:
        assert not store.resumed and store.rt.position() == 0
    finally:
        store.close()
