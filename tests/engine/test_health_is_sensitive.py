"""Health is sensitive however it is named: a condition, a disability, a treatment or an aid makes a
record `sensitive` (kept from recall above `recall_max_privacy`, weighed by `sensitivity_sensitive`),
not only the words "diagnosis" or "medication". Words that only look alike stay personal. A
condition said in a few words ("I have asthma.", "I'm dyslexic.") is kept whatever the classifier
makes of so short a sentence; what the speaker has that is no condition ("I have news.") is not.
"""
from __future__ import annotations

import pytest

from engine import MemoryEngine
from engine.extractor import is_sensitive

AT = "2026-04-06T09:00:00Z"


@pytest.mark.parametrize("said, word", [
    ("My son has cerebral palsy.", "palsy"),
    ("I've been on sertraline since March.", "sertraline"),
    ("I've got endometriosis.", "endometriosis"),
    ("I wear a hearing aid in my right ear.", "hearing aid"),
    ("My grandad has dementia.", "dementia"),
])
def test_a_health_statement_is_kept_sensitive(tmp_path, said, word):
    _assert_kept_sensitive(tmp_path, said, word)


@pytest.mark.parametrize("said, word", [
    ("I have fibromyalgia.", "fibromyalgia"),
    ("I have chronic fatigue.", "chronic fatigue"),
    ("I have hepatitis C.", "hepatitis"),
])
def test_a_condition_said_in_few_words_is_kept(tmp_path, said, word):
    _assert_kept_sensitive(tmp_path, said, word)


@pytest.mark.parametrize("said", ["I have news.", "I have homework.", "I have doubts.", "I've got tickets."])
def test_what_the_speaker_has_that_is_no_condition_is_not_kept(tmp_path, said):
    with MemoryEngine.open(tmp_path / "d") as eng:
        eng.ingest({"tenant_id": "t", "user_id": "u", "session_id": "s", "turn_id": "1", "role": "user",
                    "speaker": "Nell", "text": said, "occurred_at": AT})
        eng.flush()
        assert eng.records("t", "u") == []


def _assert_kept_sensitive(tmp_path, said: str, word: str) -> None:
    with MemoryEngine.open(tmp_path / "d") as eng:
        eng.ingest({"tenant_id": "t", "user_id": "u", "session_id": "s", "turn_id": "1", "role": "user",
                    "speaker": "Nell", "text": said, "occurred_at": AT})
        eng.flush()
        records = [r for r in eng.records("t", "u") if word in (r.text or "").lower()]
    assert records and all(r.privacy_level == "sensitive" for r in records), records


@pytest.mark.parametrize("text", [
    "I study psychology at Leeds.",
    "We bought lithium batteries for the torch.",
    "I replaced the blinds in the kitchen.",
    "She transplanted the tomatoes into bigger pots.",
    "My heart was set on the blue one.",
])
def test_words_that_only_look_alike_are_not_sensitive(text):
    assert not is_sensitive(text)
