"""A request to forget is in the speaker's own words ("who I've been talking to for my anxiety"),
and records name the speaker ("Thorvaldur's psychologist ..."): what the request names is found
by comparing it with the records as the speaker would say them ("my psychologist ..."), so that
the same words find the same memory whatever the speaker is called. A rare name no longer pulls a
record away from the request that names it."""
from __future__ import annotations

import pytest

from engine.statements import in_own_words
from tests.engine.two_sessions import after_forget

NAMES = ["Jo", "Xochiquetzal", "Thorvaldur", "Oluwaseun"]

CASES = [
    ("please forget the part about who I've been talking to for my anxiety",
     "My psychologist, Dr Varga, says I should cut back on caffeine.", "Varga",
     "My allotment is plot 14 by the railway.", "allotment"),
    ("please forget what I told you about the person who helps me with my drinking",
     "My sponsor, Mick, rings me every night at nine.", "Mick",
     "My garden shed needs a new roof.", "shed"),
    ("could you forget the part about who I've been seeing for my panic attacks",
     "My psychiatrist, Dr Lindqvist, put me on sertraline.", "Lindqvist",
     "We're going camping in the Lakes in August.", "camping"),
]


@pytest.mark.parametrize("speaker", NAMES)
@pytest.mark.parametrize("request_, named, gone, other, kept", CASES)
def test_the_memory_a_request_names_goes_whatever_the_speaker_is_called(tmp_path, speaker, request_, named, gone,
                                                                       other, kept):
    texts = after_forget(tmp_path, request_, [named, other], speaker=speaker)
    assert not any(gone in t for t in texts), texts
    assert any(kept in t for t in texts), texts


@pytest.mark.parametrize("speaker", NAMES)
def test_a_request_about_another_thing_leaves_the_memory_whatever_the_speaker_is_called(tmp_path, speaker):
    texts = after_forget(tmp_path, "please forget what I told you about my garden shed",
                         ["My psychiatrist, Dr Lindqvist, put me on sertraline.", "My garden shed needs a new roof."],
                         speaker=speaker)
    assert any("Lindqvist" in t for t in texts), texts
    assert not any("shed" in t for t in texts), texts


@pytest.mark.parametrize("text, said", [
    ("Thorvaldur's psychologist, Dr Varga, says Thorvaldur should cut back", "My psychologist, Dr Varga, says I should cut back"),
    ("Thorvaldur: Sorting the admin; Thorvaldur's ex moved", "Sorting the admin; my ex moved"),
    ("Thorvaldurson is here", "Thorvaldurson is here"),   # another name that starts like it
    ("The kids call Thorvaldur’s boat the Tub", "The kids call my boat the Tub"),
])
def test_a_record_in_the_speakers_own_words(text, said):
    assert in_own_words(text, "Thorvaldur") == said


def test_no_speaker_leaves_the_text_as_it_is():
    assert in_own_words("Ada likes tea", "") == "Ada likes tea"


# A request that names a day of the week is not of a memory of other days only, though a weekly
# thing reads like another when the name is out of the way.
@pytest.mark.parametrize("request_, said", [
    ("please forget what I told you about my Tuesday sessions", "I play squash on Thursday nights."),
    ("can you delete what I said about my Monday class", "I do pottery on Wednesdays at the community centre."),
    ("forget the Saturday stuff I mentioned please", "I volunteer at the food bank every Sunday morning."),
])
def test_a_request_naming_a_day_leaves_a_memory_of_another_day(tmp_path, request_, said):
    texts = after_forget(tmp_path, request_, [said], speaker="Ayla")
    assert len(texts) == 1, texts


@pytest.mark.parametrize("request_, said, gone", [
    ("please wipe what I told you about my Friday appointments", "I see a physio on Fridays for my knee.", "physio"),
    ("can you delete what I said about my Monday class", "I do pottery on Mondays and Wednesdays at the community centre.",
     "pottery"),
    ("forget what I said about my tues lessons", "I have cello lessons on Tuesday evenings with Mr Abara.", "cello"),
])
def test_a_request_naming_a_day_still_takes_a_memory_of_that_day(tmp_path, request_, said, gone):
    texts = after_forget(tmp_path, request_, [said, "My sister lives in Leeds."], speaker="Ayla")
    assert not any(gone in t for t in texts), texts
    assert any("Leeds" in t for t in texts), texts


@pytest.mark.parametrize("text, speaker, said", [
    ("Florence is going to Florence with her sister", "Florence", "I is going to Florence with her sister"),
    ("The scan is booked for May; May is nervous", "May", "The scan is booked for May; I is nervous"),
    ("Rose buys plants at Rose Garden Centre", "Rose", "I buys plants at Rose Garden Centre"),
    ("Jo-Anne is Jo's cousin; Jo writes from jo.smith@example.com", "Jo",
     "Jo-Anne is my cousin; I writes from jo.smith@example.com"),
])
def test_a_name_that_is_also_a_place_month_or_word_stays_where_it_reads_as_one(text, speaker, said):
    assert in_own_words(text, speaker) == said


def test_a_trip_to_the_place_a_speaker_is_named_after_is_still_forgotten(tmp_path):
    texts = after_forget(tmp_path, "please forget everything about my trip to Florence",
                         ["I'm going to Florence with my ex in June.", "My garden shed needs a new roof."],
                         speaker="Florence")
    assert not any("June" in t for t in texts), texts
    assert any("shed" in t for t in texts), texts


@pytest.mark.parametrize("request_, said, gone", [
    # a day that says when it was told, not what it is
    ("please forget what I told you on Monday about my knee surgery", "My knee surgery is booked for Friday at St Luke's.",
     "knee"),
    # a span of days holds the day named
    ("can you forget the stuff about my Monday shifts", "I work Mon-Fri shifts at the depot.", "depot"),
    # the thing named by another word too: moved to another day, still it
    ("forget everything about my Tuesday physio sessions", "My physio sessions have moved to Fridays.", "physio"),
])
def test_a_day_a_request_says_does_not_keep_what_it_names(tmp_path, request_, said, gone):
    texts = after_forget(tmp_path, request_, [said, "My sister lives in Leeds."], speaker="Ayla")
    assert not any(gone in t.lower() for t in texts), texts
    assert any("Leeds" in t for t in texts), texts
