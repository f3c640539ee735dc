"""Instructions limited to a period expire at the end of that period in the subject's time zone."""
from __future__ import annotations

from datetime import datetime, timezone
from zoneinfo import ZoneInfo

from engine.extractor import extract
from engine.summarizer import turn_candidates

TOKYO = ZoneInfo("Asia/Tokyo")
LA = ZoneInfo("America/Los_Angeles")


def temp(text: str, at: datetime, tz=None, fn=extract):
    found = [c for c in fn(text, role="user", speaker="Ines", occurred_at=at, tz=tz)
             if c.kind == "temporary_instruction"]
    assert len(found) == 1, fn(text, role="user", speaker="Ines", occurred_at=at, tz=tz)
    return found[0]


def test_today_ends_at_local_midnight_where_the_utc_date_is_a_day_behind():
    # 20:30 UTC on 3 March is 05:30 on 4 March in Tokyo: "today" is the 4th there.
    at = datetime(2024, 3, 3, 20, 30, tzinfo=timezone.utc)
    c = temp("Just for today, keep the replies under fifty words.", at, TOKYO)
    assert c.expires_at == datetime(2024, 3, 5, 0, 0, tzinfo=TOKYO)
    assert temp("Just for today, keep the replies under fifty words.", at).expires_at == \
        datetime(2024, 3, 4, tzinfo=timezone.utc)


def test_the_timezone_parameter_reaches_turn_candidates():
    at = datetime(2024, 3, 3, 20, 30, tzinfo=timezone.utc)
    c = temp("Just for today, keep the replies under fifty words.", at, TOKYO, fn=turn_candidates)
    assert c.expires_at == datetime(2024, 3, 5, 0, 0, tzinfo=TOKYO)
