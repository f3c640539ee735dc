"""A stance framed as general ("In general I'd rather ...", "On the whole I prefer ...",
"Generally speaking I'd rather ...", "As a rule we ...") is the stance: the frame is an opener, as
"Honestly" is. Before, without a comma after the frame no preference was read at all, so it was
lost, or kept only inside an episode it was told beside (and forgotten with it)."""
from __future__ import annotations

import pytest

from two_sessions import kept_of_one_turn


@pytest.mark.parametrize("text, word", [
    ("On the whole I prefer trains to planes for anything under 500 km.", "trains"),
    ("Generally speaking I'd rather get the invoices by email.", "email"),
    ("In general we'd rather eat early, the twins melt down after seven.", "early"),
    ("By and large I prefer paperbacks, e-readers hurt my eyes.", "paperbacks"),
    ("On balance we prefer self-catering cottages to hotels.", "cottages"),
    ("Overall I prefer cats to dogs tbh", "cats"),
    ("In genral I'd rather read the docs than watch a video.", "docs"),
])
def test_a_preference_framed_as_general_is_kept(tmp_path, text, word):
    kept = kept_of_one_turn(tmp_path, "Noor", text)
    assert any(k == "preference" and word in t for k, t in kept), kept


def test_a_general_stance_beside_an_appointment_is_a_record_of_its_own(tmp_path):
    text = ("Got my MRI at the Royal on 12 May at 9:15. And in general I'd rather have early slots, "
            "the school run eats my afternoons.")
    kept = kept_of_one_turn(tmp_path, "Noor", text)
    prefs = [t for k, t in kept if k == "preference"]
    assert prefs and all("MRI" not in t for t in prefs), kept


@pytest.mark.parametrize("text", [
    "In general, the weather was grim all week.",
    "On the whole the ferry runs late on Sundays.",
    "Generally the hotel breakfast was decent.",
])
def test_a_general_remark_about_no_one_is_no_preference(tmp_path, text):
    kept = kept_of_one_turn(tmp_path, "Noor", text)
    assert not any(k in ("preference", "constraint") for k, _ in kept), kept


@pytest.mark.parametrize("text, hedge", [
    ("Generally I don't eat meat.", "Generally"),
    ("By and large we avoid sugar at home.", "By and large"),
])
def test_a_hedge_on_a_habit_is_kept(tmp_path, text, hedge):
    kept = kept_of_one_turn(tmp_path, "Noor", text)
    assert kept and all(hedge.lower() in t.lower() for _, t in kept), kept
