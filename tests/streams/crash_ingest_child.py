"""Child process for the crash test: ingests turns one by one and prints each acknowledged turn id.

Run as `python crash_ingest_child.py DATA_DIR N`. The parent SIGKILLs it mid-stream.
"""
import sys
from datetime import datetime, timedelta, timezone

from engine import MemoryEngine

T0 = datetime(2026, 3, 2, tzinfo=timezone.utc)
TEXTS = [
    "I prefer Python examples over Java ones.", "I'm allergic to peanuts.", "I live in Porto.",
    "We decided to use Postgres for billing.", "Yesterday I went hiking with my sister.", "ok thanks",
]


def turn(i: int) -> dict:
    return {"tenant_id": "acme", "user_id": f"u{i % 3}", "session_id": f"s{i // 40}", "turn_id": f"t{i}",
            "role": "user", "text": f"{TEXTS[i % len(TEXTS)]} (note {i})",
            "occurred_at": (T0 + timedelta(minutes=i)).isoformat()}


if __name__ == "__main__":
    data_dir, n = sys.argv[1], int(sys.argv[2])
    engine = MemoryEngine.open(data_dir, window_max_messages=8)
    for i in range(n):
        engine.ingest(turn(i))
        print(f"acked t{i}", flush=True)
        if i % 7 == 6:
            engine.flush()  # processing is under way when the kill lands
