"""Shared fixtures. Every test gets its own data directory; the embedding model is loaded once per
test process (it takes seconds) and shared."""
from __future__ import annotations

import os
from datetime import datetime, timedelta, timezone
from typing import TYPE_CHECKING, Iterator

import pytest

if TYPE_CHECKING:
    from engine import MemoryEngine

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")


T0 = datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc)


def make_turn(text: str, n: int, *, session: str = "s1", role: str = "user", tenant: str = "acme",
              user: str = "u1", speaker: str | None = None, at: datetime | None = None) -> dict:
    return {
        "tenant_id": tenant, "user_id": user, "session_id": session, "turn_id": f"{session}-t{n}",
        "role": role, "speaker": speaker, "text": text,
        "occurred_at": (at or T0 + timedelta(minutes=n)).isoformat(),
    }


def records_after(tmp_path, turns: list[str], speaker: str, at: datetime, *, include_inactive: bool = False) -> list:
    """The records after `turns`, said by `speaker` a minute apart from `at` in one session, on a
    fresh data directory (active only unless asked)."""
    from engine import MemoryEngine

    with MemoryEngine.open(tmp_path / "d") as eng:
        for i, text in enumerate(turns):
            eng.ingest({"tenant_id": "t", "user_id": "u", "session_id": "s1", "turn_id": str(i), "role": "user",
                        "speaker": speaker, "text": text,
                        "occurred_at": (at + timedelta(minutes=i)).strftime("%Y-%m-%dT%H:%M:%SZ")})
        eng.flush()
        return eng.records("t", "u", include_inactive=include_inactive)


def active_texts_after(tmp_path, turns: list[str], speaker: str, at: datetime) -> list[str]:
    """The active record texts after `turns` (see records_after)."""
    return [(r.text or "") for r in records_after(tmp_path, turns, speaker, at)]


def active_before_and_after(tmp_path, said: list[str], asked: str, speaker: str,
                            at: datetime) -> tuple[list[str], list[str]]:
    """The active record texts after `said`, and after `said` then `asked` (each on a fresh
    directory): what one more turn changed."""
    return (active_texts_after(tmp_path / "before", said, speaker, at),
            active_texts_after(tmp_path / "after", said + [asked], speaker, at))


def holds(texts: list[str], word: str) -> bool:
    """Whether any of the texts holds the word, in any case."""
    return any(word.lower() in t.lower() for t in texts)


def engine_after(tmp_path, turns: list[str], speaker: str, start: str, gap_days: int) -> "MemoryEngine":
    """An engine on a fresh data directory after a user's `turns`, each in a session of its own,
    the first on `start` (YYYY-MM-DD, 10:00 UTC) and each next one `gap_days` later; processed. The
    caller closes it."""
    from engine import MemoryEngine

    first = datetime.fromisoformat(start).replace(hour=10, tzinfo=timezone.utc)
    eng = MemoryEngine.open(tmp_path / "d")
    for i, text in enumerate(turns):
        at = first + timedelta(days=gap_days * i)
        eng.ingest({"tenant_id": "t", "user_id": "u", "session_id": f"s{i}", "turn_id": str(i), "role": "user",
                    "speaker": speaker, "text": text, "occurred_at": at.strftime("%Y-%m-%dT%H:%M:%SZ")})
    eng.flush()
    return eng


def record_texts(tmp_path, turns: list[str], speaker: str, start: str, gap_days: int) -> list[str]:
    """The active records' texts after `turns` (as engine_after)."""
    with engine_after(tmp_path, turns, speaker, start, gap_days) as eng:
        return [(r.text or "") for r in eng.records("t", "u")]


def assert_new_value_replaced_old(tmp_path, first: str, change: str, old: str, new: str, speaker: str,
                                  start: str, gap_days: int) -> None:
    """After `first` and then `change` (as engine_after), an active record says `new`, and none
    says `old` without it."""
    active = record_texts(tmp_path, [first, change], speaker, start, gap_days)
    assert any(new in t for t in active), active
    assert not any(old in t and new not in t for t in active), active


def assert_first_left_alone(tmp_path, first: str, other: str, speaker: str, start: str, gap_days: int) -> None:
    """After `first` and then `other` (as engine_after), what `first` made is kept, active and not
    superseded."""
    with engine_after(tmp_path, [first, other], speaker, start, gap_days) as eng:
        records = eng.records("t", "u", include_inactive=True)
    firsts = [r for r in records if r.created_at.date().isoformat() == start]
    assert firsts, [r.text for r in records]
    assert all(r.tier == "active" and r.superseded_by is None for r in firsts), [(r.text, r.tier) for r in records]


@pytest.fixture
def engine(tmp_path) -> Iterator["MemoryEngine"]:
    from engine import MemoryEngine

    eng = MemoryEngine.open(tmp_path / "data")
    yield eng
    eng.close()


@pytest.fixture
def data_dir(tmp_path):
    return tmp_path / "data"


# The Kafka runtime's fixtures: a real broker (scripts/test starts one; otherwise the first test that
# needs it starts its own), a fresh group and topic prefix per test, and worker processes.
from kafka_harness import broker, broker_log_dir, kcfg, spawn_worker  # noqa: E402,F401


@pytest.fixture
def live_server(tmp_path):
    """The embedded runtime's HTTP API on a free local port (tests/api/api_server.py). Defined here,
    not in a tests/api/conftest.py, so that `from conftest import ...` always finds this module."""
    from api_server import start_server  # tests/api is on sys.path for the tests there

    server = start_server(tmp_path / "data")
    yield server
    server.stop()
