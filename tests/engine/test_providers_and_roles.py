"""Who serves the user changes in words the first statement did not use: a role named otherwise ("my
GP" after "my doctor", "my boss" after "my line manager"), a provider said to be changed ("we
switched dentists") with the new one named beside it, a dose or price multiplied ("doubled the
dose, she's on 10 mg")."""
from __future__ import annotations

import pytest

from engine.meaning import change_cue, changed_provider
from engine.textnorm import role_name
from tests.conftest import engine_after


def _engine(tmp_path, turns: list[str], speaker: str = "Tamsin"):
    return engine_after(tmp_path, turns, speaker, "2026-08-01", 6)


def _active(engine) -> list[str]:
    return [(r.text or "").lower() for r in engine.records("t", "u") if r.tier == "active"]


@pytest.mark.parametrize("first, later, old, new", [
    ("My doctor is Dr Achebe at the Mill Lane practice.", "My GP is Dr Sorensen now.", "achebe", "sorensen"),
    ("My line manager is Petra Holm.", "My boss is Idris Kader since the restructure.", "petra", "idris"),
    ("Our landlady is Mrs Ferreira.", "Our landlord is Mr Quist these days, the house was sold.", "ferreira",
     "quist"),
    ("My solicitor is Anita Brandt.", "My lawyer is Colm Reilly now, Anita moved firms.", "brandt", "reilly"),
])
def test_one_role_named_in_other_words(tmp_path, first, later, old, new):
    with _engine(tmp_path, [first, later]) as engine:
        active = _active(engine)
    assert not any(old in t and new not in t for t in active), active
    assert any(new in t for t in active), active


@pytest.mark.parametrize("role, name", [("GP", "doctor"), ("line manager", "manager"), ("family GP", "doctor"),
                                        ("landlady", "landlord"), ("kennel manager", "kennel manager"),
                                        ("swim coach", "swim coach")])
def test_role_names(role, name):
    assert role_name(role) == name


@pytest.mark.parametrize("first, later, old, new", [
    ("Background: our two rabbits see Dr Moss at the Elm Street vet clinic. The hutch is in the back garden.",
     "We've switched vets. The rabbits are registered with Dr Ng at Hillside Animal Care now.", "moss", "ng"),
    ("Sanne goes to Little Oaks nursery three days a week. Her key worker there is Priti.",
     "We swapped nurseries over the summer, Sanne is at Bramble House with Miss Keane now.", "little oaks",
     "bramble"),
    ("Tamsin banks with Northway Bank, the joint account is there too.",
     "Tamsin changed banks in March; everything is with Kestrel Mutual now.", "northway", "kestrel"),
])
def test_a_provider_said_to_be_changed(tmp_path, first, later, old, new):
    with _engine(tmp_path, [first, later]) as engine:
        active = _active(engine)
    assert not any(old in t and new not in t for t in active), active
    assert any(new in t for t in active), active


@pytest.mark.parametrize("text, provider", [
    ("we've changed vets", "vet"), ("We switched GPs last month", "gp"), ("swapped nurseries", "nursery"),
    ("switched banks to Monzo", "bank"), ("we changed plans", None), ("changed trains at Crewe", None),
    ("moved schools of thought", None),
])
def test_the_provider_changed(text, provider):
    assert changed_provider(text) == provider


def test_a_provider_named_again_is_not_changed(tmp_path):
    """The same vet named after "switched vets" (back to one named before) supersedes nothing."""
    with _engine(tmp_path, ["Our cat sees Dr Moss at Elm Street vets.",
                            "We switched vets for a while but Dr Moss at Elm Street is who we see."]) as engine:
        superseded = [r.text for r in engine.records("t", "u", include_inactive=True) if r.tier == "superseded"]
    assert not superseded


@pytest.mark.parametrize("first, later, old, new", [
    ("Dad takes ramipril 5 mg every evening.", "The GP doubled Dad's ramipril, he's on 10 mg in the evenings now.",
     "5 mg", "10 mg"),
    ("The cleaner charges 60 pounds a visit.", "The cleaner halved her price for us, it's 30 pounds a visit.",
     "60 pounds", "30 pounds"),
    ("The on-call rota is 4 people.", "We tripled the on-call rota, it's 12 people since the outage.",
     "4 people", "12 people"),
])
def test_a_value_multiplied(tmp_path, first, later, old, new):
    with _engine(tmp_path, [first, later]) as engine:
        active = _active(engine)
    assert not any(old in t and new not in t for t in active), active
    assert any(new in t for t in active), active


def test_multiplying_is_a_change_cue():
    assert change_cue("she doubled the dose") == "strong"
    assert change_cue("the fee was halved") == "strong"


@pytest.mark.parametrize("turns, kept", [
    (["Maya goes to Little Acorns nursery.", "Her cousin Finn goes to Rainbow Days nursery.",
      "We swapped nurseries for Finn, he's at Sunbeams now."], "little acorns"),
    (["Dad sees Dr Rahman at the Eastfield practice.", "Mum sees Dr Keller at the Westbrook practice.",
      "We switched practices for Mum, she's with Dr Osei at Hillview now."], "rahman"),
    (["Ollie's tutor is Mr Dunn.", "Isla's tutor is Ms Grey.", "We changed tutors for Isla, she has Mr Pike now."],
     "dunn"),
])
def test_a_provider_changed_for_one_person_leaves_the_others(tmp_path, turns, kept):
    with _engine(tmp_path, turns) as engine:
        active = _active(engine)
    assert any(kept in t for t in active), active
