"""A medicine the speaker is taken off or stops ("the psychiatrist has taken me off the
citalopram", "I'm off the naproxen as of today", "the pain clinic put me on duloxetine instead of
amitriptyline") ends the record that said it was taken, however that record was worded ("asthma
stuff: montelukast 10mg at night"). Before, the old medicine stayed active beside the news, or the
news was not kept at all. A stop only thought of, someone else's, or "off work" ends nothing."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from engine.extractor import extract, medicines_stopped
from tests.conftest import assert_first_left_alone, assert_new_value_replaced_old, record_texts

AT = datetime(2026, 3, 2, 10, tzinfo=timezone.utc)


@pytest.mark.parametrize("first, change, old, new", [
    ("I'm on 10mg citalopram", "the psychiatrist has taken me off the citalopram, too many side effects", "10mg", "off"),
    ("I take 75mg clopidogrel", "cardiologist took me off the clopidogrel", "75mg", "off"),
    ("asthma stuff: montelukast 10mg at night", "they've got me off the montelukast and onto a new inhaler", "10mg", "off"),
    ("I'm on naproxen 500mg", "I'm off the naproxen as of today", "500mg", "off"),
    ("I take 25mg amitriptyline at night", "the pain clinic put me on duloxetine instead of amitriptyline", "25mg",
     "duloxetine"),
    ("I take 40mg omeprazole", "the consultant swapped omeprazole for famotidine", "40mg", "famotidine"),
    ("I take 5mg bisoprolol", "the cardiologist stopped my bisoprolol", "5mg", "stopped"),
])
def test_a_medicine_stopped_ends_the_one_taken(tmp_path, first, change, old, new):
    assert_new_value_replaced_old(tmp_path, first, change, old, new, "Robin", "2026-03-02", 3)


@pytest.mark.parametrize("first, other, kept", [
    ("I take warfarin 5mg every day.", "My dad is no longer on warfarin.", "warfarin 5mg"),
    ("I take sertraline 50mg daily.", "Oops I dropped my sertraline down the sink, need a new pack.", "sertraline 50mg"),
    ("I take amlodipine 5mg once a day.", "The doctor will take me off the amlodipine next month.", "amlodipine 5mg"),
    ("I take amlodipine 5mg once a day.", "did they take me off the amlodipine?", "amlodipine 5mg"),
    ("meds: amlodipine 5mg, atorvastatin 20mg", "the gp took me off the atorvastatin", "amlodipine 5mg"),
    ("I take metformin 500mg", "stopped my metformin reminders on the app", "metformin 500mg"),
    ("I take sertraline 50mg", "quit the sertraline study at the hospital", "sertraline 50mg"),
    ("I take amlodipine 5mg.", "no one took me off the amlodipine, I'm still on it", "amlodipine 5mg"),
    ("I take amlodipine 5mg", "They're taking me off the amlodipine on Friday.", "amlodipine 5mg"),
    ("I take warfarin 5mg.", "I'm off the warfarin clinic list now, the GP does my INR", "warfarin 5mg"),
    ("I take amlodipine 5mg and atorvastatin 20mg.", "They took me off the amlodipine.", "atorvastatin 20mg"),
])
def test_a_medicine_not_stopped_by_the_speaker_stays(tmp_path, first, other, kept):
    assert any(kept in t for t in record_texts(tmp_path, [first, other], "Robin", "2026-03-02", 3))


def test_a_fact_that_only_names_the_medicine_stays(tmp_path):
    texts = record_texts(tmp_path, ["I take warfarin 5mg daily. My warfarin clinic is at St Mary's on Tuesdays.",
                                    "They took me off the warfarin."], "Robin", "2026-03-02", 3)
    assert any("clinic" in t for t in texts) and not any("5mg" in t for t in texts), texts


def test_a_stop_undone_in_the_same_sentence_is_kept_whole(tmp_path):
    texts = record_texts(tmp_path, ["I take sertraline 50mg daily", "I stopped taking sertraline for a week but I'm back on it now."],
                         "Robin", "2026-03-02", 3)
    assert any("back on" in t for t in texts), texts


@pytest.mark.parametrize("other", [
    "thinking about coming off the citalopram in spring",
    "my sister came off her citalopram",
    "I'm off work till monday",
    "I haven't come off the citalopram yet",
])
def test_no_stop_of_the_speakers_leaves_the_medicine(tmp_path, other):
    assert_first_left_alone(tmp_path, "I'm on 10mg citalopram", other, "Robin", "2026-03-02", 3)


@pytest.mark.parametrize("text, drug", [
    ("they've taken me off the bisoprolol", "bisoprolol"),
    ("weaned myself off the gabapentin", "gabapentin"),
    ("no longer taking the lansoprazole", "lansoprazole"),
])
def test_a_stop_fills_the_medicines_slot_as_its_end(text, drug):
    hits = [c for c in extract(text, role="user", speaker="Robin", occurred_at=AT)]
    assert any(c.slot == "fact:medication:" + drug and c.fields.get("polarity") == "-" for c in hits), hits


@pytest.mark.parametrize("text", [
    "my dad stopped taking his statins",
    "should I come off the sertraline?",
    "I'm off the sofa at last",
    "took me off the waiting list",
])
def test_no_medicine_of_the_speakers_stopped(text):
    assert medicines_stopped(text, "Robin") == set()
