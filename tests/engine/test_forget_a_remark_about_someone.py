"""A request to forget a remark about someone of the speaker's, asked in a polite form ("kindly forget
it", "I would prefer it not to be kept", "I'd appreciate it if ... were not stored"), is a request:
the remark goes, what was said beside it stays. Known misses: a remark named only in other words
than its own ("job situation" for "got fired") may pick the statement beside it."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from engine import MemoryEngine


def _after(tmp_path, first: list[str], asking: str) -> list[str]:
    start = datetime(2026, 6, 1, 18, tzinfo=timezone.utc)
    with MemoryEngine.open(tmp_path / "d") as engine:
        turns = [("s1", text, start + timedelta(minutes=i)) for i, text in enumerate(first)]
        turns.append(("s2", asking, start + timedelta(days=9)))
        for i, (session, text, at) in enumerate(turns):
            engine.ingest({"tenant_id": "t", "user_id": "u", "session_id": session, "turn_id": str(i),
                           "role": "user", "speaker": "Wren", "text": text, "occurred_at": at.isoformat()})
        engine.flush()
        return [r.text or "" for r in engine.records("t", "u")]


@pytest.mark.parametrize("first, asking, gone, kept", [
    (["My cousin lost his job in March, so he is staying on our sofa for a while.",
      "We are hosting the family barbecue in August."],
     "I would prefer the remark about my cousin losing his job not to be kept; kindly forget it.",
     "job", "barbecue"),
    # (the statements that name the goalkeeper are where his troubles are, not the training day)
    (["Our goalkeeper has been going through a messy divorce, so we are giving him lighter duties at training.",
      "Training is on Tuesdays at the astro pitch."],
     "I would appreciate it if the remark about our goalkeeper's private troubles were not kept; kindly forget it.",
     "divorce", "Tuesday"),
    (["My landlord went bankrupt last year, so the flat is managed by an agency now.", "Rent is 800 euros a month."],
     "Could you drop the bit about my landlord's money woes? I would prefer it not to be kept.",
     "bankrupt", "800"),
    (["Our bassist has been fighting an addiction, so we keep him away from the bar after gigs.",
      "We play the Red Lion every other Friday."],
     "I would appreciate it if the note about our bassist's personal struggles were not stored; kindly forget it.",
     "addiction", "Red Lion"),
    pytest.param(["My mentor got fired from the agency in spring, so I meet her at a cafe instead of the office.",
                  "We meet on the first Monday of the month."],
                 "Could you forget the part about my mentor's job situation?", "fired", "Monday",
                 marks=pytest.mark.xfail(reason="'job situation' reads closer to the statement naming the office",
                                         strict=True)),
])
def test_the_remark_named_in_other_words_is_forgotten(tmp_path, first, asking, gone, kept):
    active = _after(tmp_path, first, asking)
    assert not any(gone in t for t in active), active
    assert any(kept in t for t in active), active


@pytest.mark.parametrize("sentence, asks", [
    ("I would prefer it not to be kept.", True),
    ("I'd appreciate it if my salary were not stored anywhere.", True),
    ("Kindly forget the bit about my overdraft.", True),
    # polite wishes about other things
    ("I would prefer the tea not to be too strong.", False),
    ("I would appreciate it if you kept the summary short.", False),
    ("I'd prefer not to drive at night.", False),
])
def test_polite_requests_are_requests(sentence, asks):
    from engine.embedder import shared_embedder
    from engine.meaning import Meaning
    from engine.processor import forget_requests
    from engine.settings import Settings

    asked, _ = forget_requests(Meaning(shared_embedder), sentence, Settings())
    assert asked == ([sentence] if asks else [])
