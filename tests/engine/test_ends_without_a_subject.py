"""Ends as chat says them: without a subject ("Quit smoking!! three weeks clean today", "sold the
volvo"), the rules keeping only the turn's other sentence; retiring and graduating said alone, which
end working and studying; and a value put up or down by someone who acts for the speaker, with no
"to" ("the landlord put the rent up, it's 1,050 now")."""
from __future__ import annotations

import pytest

from engine.meaning import changed_holder, ended, ends
from two_sessions import assert_ended, records_after

DAYS = ("2026-11-03", "2026-11-10")


def _after(tmp_path, old, new):
    return records_after(tmp_path, old, new, speaker="Kofi", days=DAYS, at="18:30:00")


@pytest.mark.parametrize("old, new, word", [
    ("I vape most evenings, it's a bad habit.", "Quit vaping!! a month clean on Sunday", "vape"),
    ("We have a Ford Fiesta for the school run.", "sold the fiesta. we walk to school now", "Fiesta"),
    ("I pay for a Headspace subscription.", "Cancelled headspace, I just use the free app now", "Headspace"),
    ("I'm an accountant at a logistics firm.", "Retired at last! no more spreadsheets for me", "accountant"),
    ("I'm studying law at Leeds, second year.", "I graduated in July, still job hunting though", "law"),
])
def test_an_end_said_without_a_subject_or_an_object_ends_the_record(tmp_path, old, new, word):
    recs = _after(tmp_path, old, new)
    assert_ended(recs, word)


@pytest.mark.parametrize("old, new, word", [
    ("I'm an accountant at a logistics firm.", "My mum retired in March, she's loving it", "accountant"),
    ("I'm studying law at Leeds, second year.", "my cousin graduated from Durham yesterday", "law"),
    ("I play five-a-side on Thursdays.", "I retired from the council in June.", "five-a-side"),
])
def test_someone_elses_or_another_end_leaves_the_record(tmp_path, old, new, word):
    recs = _after(tmp_path, old, new)
    assert any(r.tier == "active" and word in (r.text or "") for r in recs), [(r.text, r.tier) for r in recs]


def test_retiring_and_graduating_end_working_and_studying():
    retired, graduated = ended("Kofi retired in May", "Kofi"), ended("Kofi graduated on Friday", "Kofi")
    assert ends(retired, "Kofi works as a bus driver", "Kofi") and not ends(retired, "Kofi plays chess", "Kofi")
    assert ends(graduated, "Kofi is a student at Napier", "Kofi") and not ends(graduated, "Kofi lives in Leith", "Kofi")
    assert ended("Kofi's dad retired in May", "Kofi") is None or \
        not ends(ended("Kofi's dad retired in May", "Kofi"), "Kofi works as a bus driver", "Kofi")


@pytest.mark.parametrize("text", [
    "Kofi's landlord put rent up, it's 1,050 a month now",
    "Kofi's boss cut Kofi's hours down",
    "Kofi's coach moved practice up",
])
def test_a_value_put_up_or_down_for_the_speaker_is_the_speakers(text):
    assert changed_holder(text, "Kofi") == frozenset()


@pytest.mark.parametrize("old, new, word", [
    ("I ride a Brompton to work.", "Sold the Brompton last week and got an e-bike.", "Brompton"),
    ("We rent a flat on Gorgie Road.", "Moved out of the Gorgie Road flat on Friday, we're at my mum's for now.", "Gorgie"),
    ("I have a Spotify family plan.", "Cancelled the Spotify plan in October and went back to the radio.", "Spotify"),
])
def test_an_end_the_rules_kept_already_is_one_record(tmp_path, old, new, word):
    """The rules keep the sentence in their own, shorter words ("Sold Brompton last week"): the
    end said without a subject is the same statement, not a second record beside it."""
    recs = _after(tmp_path, old, new)
    assert_ended(recs, word)
    active = [r.text for r in recs if r.tier == "active" and word.lower() in (r.text or "").lower()]
    assert len(active) <= 1, active


@pytest.mark.parametrize("old, new, word", [
    ("I swim at the leisure centre before work, 30 lengths.", "Don't really swim any more, my shoulder's shot.", "lengths"),
    ("I bake sourdough for the farmers market every Saturday.", "I've stopped baking, no time with the new job.", "sourdough"),
    ("I commute by car, 25 minutes each way on the bypass.", "fyi I no longer commute, fully remote now", "bypass"),
    # the speaker is the subject: "kids", "GCSE" or "company" after the verb name no other holder
    ("I teach piano to kids after school, about six pupils.", "I don't teach anymore, my back can't take the stool.",
     "piano"),
    ("I tutor GCSE maths two evenings a week.", "No longer tutoring, the agency went bust.", "GCSE"),
    ("I pay into the company pension with Scottish Widows.", "I opted out of the Scottish Widows pension last month.",
     "pays"),
])
def test_an_end_of_a_doing_pins_the_one_record_that_holds_it(tmp_path, old, new, word):
    """An end that names a doing and no thing ("no longer commute") ends the one record of the
    speaker's that holds that doing, however little else the two sentences share."""
    assert_ended(_after(tmp_path, old, new), word)
