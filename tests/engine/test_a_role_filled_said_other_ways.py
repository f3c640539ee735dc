"""A name given to one of the speaker's roles, said in other ways than "my dentist is Dr Okafor":
"my new dentist is ..." or "our current accountant is ..." (the same role, its holder new or
not), after a clause that says why ("we changed surgeries, our GP is Dr Amin now"), or beside the
role ("my new manager, Tessa, starts on Monday", "the report goes to my new line manager, Priya
Shah, for sign-off"). Each takes the place of the old name. A role
someone else names as theirs ("my mum says her GP is ...") leaves the speaker's own."""
from __future__ import annotations

import pytest

from two_sessions import active_after, holds


@pytest.mark.parametrize("speaker, before, after, old, new", [
    ("Lu", "Our vet is Dr Ross.", "Our new vet is Dr Amini, much closer.", "Ross", "Amini"),
    ("Lu", "My therapist is Joanna.", "My new therapist is Dr Levi.", "Joanna", "Levi"),
    ("Lu", "My accountant is Mr Price.", "My current accountant is Ms Hale.", "Price", "Hale"),
    # after a clause that says why
    ("Lu", "Our GP is Dr Cole.", "We changed surgeries, our GP is Dr Amin now.", "Cole", "Amin"),
    ("Mo", "My dentist is Dr Okafor.", "Dr Okafor retired, my dentist is Dr Mensah now.",
     r"^(?!.*Mensah).*Okafor", "Mensah"),
    ("Tomas", "My dentist is Dr Okafor.", "I switched practices, my dentist is Dr Mensah now.", "Okafor", "Mensah"),
    # the name beside the role, after a role said with more about it
    ("Mo", "My manager is Raj and he's fine.", "My new manager, Tessa, starts on Monday.", "Raj", "Tessa"),
    ("Mo", "Our nanny is Agnes and the kids love her.", "Our new nanny, Rosa, starts on Monday.", "Agnes", "Rosa"),
    ("Yuki", "My boss is Kenji and he's pretty hands off.",
     "My new manager, Sofia, wants daily check-ins, which is a shock.", "Kenji", "Sofia"),
    # a new holder named beside the role anywhere in what is said
    ("Wen", "My line manager is Tom Reed.", "The report goes to my new line manager, Priya Shah, for sign-off.",
     "Reed", "Priya"),
    ("Wen", "My dentist is Dr Okafor.", "I had a check-up with my new dentist, Dr Mensah, and no fillings.",
     "Okafor", "Mensah"),
    ("Wen", "Our landlord is Mr Kemp.", "We finally met our new landlord, Mrs Osei, when she came to fix the boiler.",
     "Kemp", "Osei"),
])
def test_a_new_name_for_the_speakers_role_takes_the_old_ones_place(tmp_path, speaker, before, after, old, new):
    records = active_after(tmp_path, speaker, [before, after])
    assert not holds(records, old) and holds(records, new), records


@pytest.mark.parametrize("speaker, own, theirs, own_name, their_name", [
    ("Mo", "My GP is Dr Cole.", "My mum says her GP is Dr Bhatt, she likes him.", "Cole", "Bhatt"),
    ("Mo", "My boss is Linda.", "My brother mentioned his boss is Craig, who sounds awful.", "Linda", "Craig"),
    ("Mo", "My landlord is Mr Kemp.", "My friend Ana said her landlord is Mr Vaz and he's great.", "Kemp", "Vaz"),
    # none of these is a new name for the speaker's role
    ("Lu", "My dentist is Dr Okafor.", "My old dentist was Dr Grey, he retired.", "Okafor", "Grey"),
    ("Lu", "My dentist is Dr Okafor.", "If we move, my dentist would be Dr Salt.", "Okafor", "Okafor"),
    ("Lu", "My friend is Omar.", "My friend, Bea, is visiting next week.", "Omar", "Bea"),
    ("Wen", "My colleague is Sam.", "I showed my new colleague, Bea, around the office.", "Sam", "Bea"),
    ("Wen", "My boss is Linda.", "My sister told me about her new boss, Craig, who sounds awful.", "Linda", "Craig"),
])
def test_another_persons_role_or_no_new_name_leaves_the_speakers_own(tmp_path, speaker, own, theirs, own_name,
                                                                      their_name):
    records = active_after(tmp_path, speaker, [own, theirs])
    assert holds(records, own_name) and holds(records, their_name), records


@pytest.mark.parametrize("role, name", [
    ("new dentist", "dentist"), ("current accountant", "accountant"), ("new boss", "manager"),
    ("old dentist", "old dentist"),
])
def test_a_roles_name_leaves_out_new_and_current(role, name):
    from engine.textnorm import role_name

    assert role_name(role) == name


@pytest.mark.parametrize("text, expected", [
    ("Mo's brother mentioned his boss is Craig", {"brother", "brother's boss"}),
    ("Mo's sister says her dentist is Dr Yusuf", {"sister", "sister's dentist"}),
    ("Mo's sister and her husband are visiting", {"sister", "sister's husband"}),
    ("Mo's sister loves her job", {"sister"}),
])
def test_his_or_her_after_a_relation_is_that_relations(text, expected):
    from engine.meaning import holder

    assert holder(text, "Mo") == frozenset(expected)
